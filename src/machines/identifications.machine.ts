/**
 * The identifications panel (/Dashboard/myIdentifications): loading (invoke `loadIdentifications`: the actor
 * `loadList`) -> ready, two Ghana Cards per page with PREVIOUS / NEXT and REFRESH, | failed
 * ('identification.loadFailed', RETRY). The API answers the whole (short) list, so it is paged in the browser
 * (src/machines/shared/paged-list.ts); SEARCH filters it by number or type.
 */
import { IDENTIFICATIONS_PAGE_SIZE } from '../domain/identification';
import { containsTerm, pageOf } from '../domain/paging';
import type { Identification } from '../contract/identification';
import { clientPagedList, matchingRows, type ClientPagedListContext } from './shared/paged-list';

export type IdentificationsContext = ClientPagedListContext<Identification, 'identifications'>;

/** A search keeps the cards whose number or type contains the term, ignoring case. */
export const matchesIdentification = (identification: Identification, term: string): boolean =>
  containsTerm(identification.identificationNumber, term) ||
  containsTerm(identification.identificationType, term);

/** The cards shown (those the search keeps) and the page's figures. */
export const identificationsPage = (
  context: Pick<IdentificationsContext, 'identifications' | 'page' | 'search'>,
) =>
  pageOf(
    matchingRows(context.identifications, context.search, matchesIdentification),
    context.page,
    IDENTIFICATIONS_PAGE_SIZE,
  );

export const identificationsMachine = clientPagedList<Identification, 'identifications'>({
  id: 'identifications',
  loadId: 'loadIdentifications',
  listKey: 'identifications',
  pageSize: IDENTIFICATIONS_PAGE_SIZE,
  failedMessage: 'identification.loadFailed',
  matches: matchesIdentification,
});

export type IdentificationsMachine = typeof identificationsMachine;
