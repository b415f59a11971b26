/**
 * The beneficiaries list of the Beneficiary manager (/Dashboard/beneficiaries and the /SendMoney wizard): loading
 * (invoke `loadBeneficiaries`: the actor `loadList`, the MoMo and the bank beneficiaries) -> ready, five per page
 * with PREVIOUS / NEXT and REFRESH (after an add, an edit or a delete), | failed (RETRY).
 *
 * The lists are short, so they are loaded whole and paged in the browser (src/machines/shared/paged-list.ts);
 * SEARCH keeps the beneficiaries whose full name starts with what was typed, ignoring case (spec section 2). A
 * failed load says 'Failed to fetch beneficiaries.' (or the server's message) when the server answered, and 'An
 * error occurred while fetching beneficiaries.' when it could not be reached (spec section 8).
 */
import { assign } from 'xstate';
import { matchesNamePrefix } from '../domain/beneficiary';
import type { DomainMessageId } from '../domain/messages';
import { pageOf } from '../domain/paging';
import type { Beneficiary } from '../contract/beneficiary';
import { failureStatus, serverMessageId } from './failure-messages';
import { clientPagedList, matchingRows, type ClientPagedListContext } from './shared/paged-list';

/** Spec section 9: five beneficiaries a page. */
export const BENEFICIARIES_PAGE_SIZE = 5;

export type BeneficiaryListContext = ClientPagedListContext<Beneficiary, 'beneficiaries'>;

/** A search keeps the beneficiaries whose full name starts with the term. */
export const matchesBeneficiary = (beneficiary: Beneficiary, term: string): boolean =>
  matchesNamePrefix(beneficiary.fullName, term);

/** Spec section 8: the server's message or 'Failed to fetch beneficiaries.'; no answer at all, 'An error occurred...'. */
export const beneficiaryLoadFailure = (error: unknown): DomainMessageId =>
  failureStatus(error) === null
    ? 'beneficiary.loadError'
    : (serverMessageId(error) ?? 'beneficiary.loadFailed');

/** The beneficiaries shown (those the search keeps) and the page's 'Showing x-y of n' figures. */
export const beneficiariesPage = (
  context: Pick<BeneficiaryListContext, 'beneficiaries' | 'page' | 'search'>,
) =>
  pageOf(
    matchingRows(context.beneficiaries, context.search, matchesBeneficiary),
    context.page,
    BENEFICIARIES_PAGE_SIZE,
  );

export const beneficiaryListMachine = clientPagedList<Beneficiary, 'beneficiaries'>({
  id: 'beneficiaryList',
  loadId: 'loadBeneficiaries',
  listKey: 'beneficiaries',
  pageSize: BENEFICIARIES_PAGE_SIZE,
  failedMessage: 'beneficiary.loadFailed',
  matches: matchesBeneficiary,
}).provide({
  actions: {
    // The shared list says one fixed message; this one tells an answer from no answer.
    setLoadFailed: assign(({ event }) => ({
      error: beneficiaryLoadFailure((event as unknown as { error?: unknown }).error),
    })),
  },
});

export type BeneficiaryListMachine = typeof beneficiaryListMachine;
