/**
 * The identifications panel (/Dashboard/myIdentifications): loading (invoke `loadIdentifications`: the actor
 * `loadList`) -> ready, two Ghana Cards per page with PREVIOUS / NEXT and REFRESH, | failed
 * ('identification.loadFailed', RETRY). The API answers the whole (short) list, so it is paged in the browser
 * (src/machines/shared/paged-list.ts).
 */
import { IDENTIFICATIONS_PAGE_SIZE } from '../domain/identification';
import { pageOf } from '../domain/paging';
import type { Identification } from '../contract/identification';
import { clientPagedList, type ClientPagedListContext } from './shared/paged-list';

export type IdentificationsContext = ClientPagedListContext<Identification, 'identifications'>;

/** The cards shown and the page's figures. */
export const identificationsPage = (context: Pick<IdentificationsContext, 'identifications' | 'page'>) =>
  pageOf(context.identifications, context.page, IDENTIFICATIONS_PAGE_SIZE);

export const identificationsMachine = clientPagedList<Identification, 'identifications'>({
  id: 'identifications',
  loadId: 'loadIdentifications',
  listKey: 'identifications',
  pageSize: IDENTIFICATIONS_PAGE_SIZE,
  failedMessage: 'identification.loadFailed',
});

export type IdentificationsMachine = typeof identificationsMachine;
