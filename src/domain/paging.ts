/** Page sizes of spec section 9. */
export const HISTORY_PAGE_SIZE = 5;

export interface PageWindow {
  /** 1-based number of the first row shown ('Showing x-y of n'); 0 when there are none. */
  from: number;
  to: number;
  total: number;
  page: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** The rows of page `page` (0-based, clamped to the pages there are) and the 'Showing x-y of n' figures. */
export const pageOf = <Row>(
  rows: readonly Row[],
  page: number,
  size: number,
): { rows: Row[]; window: PageWindow } => {
  const total = rows.length;
  const pageCount = Math.max(Math.ceil(total / size), 1);
  const current = Math.min(Math.max(Math.trunc(page), 0), pageCount - 1);
  const start = current * size;
  const shown = rows.slice(start, start + size);
  return {
    rows: shown,
    window: {
      from: total === 0 ? 0 : start + 1,
      to: start + shown.length,
      total,
      page: current,
      pageCount,
      hasPrevious: current > 0,
      hasNext: current < pageCount - 1,
    },
  };
};

/**
 * The 'Showing x-y of n' figures of page `page` (0-based, clamped to the pages there are) when the server holds
 * the rows and answers their total: the window of a page of `size` among `total` rows.
 */
export const pageWindow = (page: number, size: number, total: number): PageWindow => {
  const count = Math.max(Math.trunc(total), 0);
  const pageCount = Math.max(Math.ceil(count / size), 1);
  const current = Math.min(Math.max(Math.trunc(page), 0), pageCount - 1);
  const start = current * size;
  return {
    from: count === 0 ? 0 : start + 1,
    to: Math.min(start + size, count),
    total: count,
    page: current,
    pageCount,
    hasPrevious: current > 0,
    hasNext: current < pageCount - 1,
  };
};

/** The longest search term a list sends (longer typing is cut). */
export const SEARCH_TERM_MAX_LENGTH = 64;

/** The term a search box's text searches for: trimmed and cut to the longest term; '' lists everything. */
export const searchTerm = (text: string): string => text.trim().slice(0, SEARCH_TERM_MAX_LENGTH).trim();

/** Whether `text` contains `term`, ignoring case (the server's ILIKE '%term%', for lists paged in the browser). */
export const containsTerm = (text: string, term: string): boolean =>
  text.toLocaleLowerCase().includes(term.toLocaleLowerCase());
