/**
 * The most rows a history of spec section 7 answers in its `data[]` (newest first); the browser reads the histories
 * a page at a time through their `...Page` paths.
 */
export const FULL_HISTORY_LIMIT = 500;

/** What a history page request asks for (the contract's page queries). */
export interface PageQuery {
  /** 0-based. */
  page: number;
  pageSize: number;
  search?: string;
}

/**
 * One page of a user's history and the total the search matches: a page past the end answers the last page
 * (page 0 when there are none).
 */
export const pagedAnswer = async <Stored, Row>(
  { page: requested, pageSize, search = '' }: PageQuery,
  count: (search: string) => Promise<number>,
  load: (window: { offset: number; limit: number; search: string }) => Promise<Stored[]>,
  toRow: (stored: Stored) => Row,
): Promise<{ rows: Row[]; total: number; page: number; pageSize: number }> => {
  const total = await count(search);
  const lastPage = Math.max(Math.ceil(total / pageSize), 1) - 1;
  const page = Math.min(requested, lastPage);
  const stored = await load({ offset: page * pageSize, limit: pageSize, search });
  return { rows: stored.map(toRow), total, page, pageSize };
};
