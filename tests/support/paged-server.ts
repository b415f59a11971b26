import { pageOf } from '../../src/domain/paging';
import type { PageRequest, ServerPage } from '../../src/machines/shared/paged-list';

/**
 * A fake server of paged lists: pages the rows that `keeps` the request's search term (clamped like ours) and
 * records every request it was asked.
 */
export const pagedServer = <Row>(rows: readonly Row[], keeps: (row: Row, term: string) => boolean) => {
  const requests: PageRequest[] = [];
  const load = async (input: PageRequest): Promise<ServerPage<Row>> => {
    requests.push(input);
    const kept = rows.filter((row) => keeps(row, input.search ?? ''));
    const shown = pageOf(kept, input.page, input.pageSize);
    return { rows: shown.rows, total: kept.length, page: shown.window.page, pageSize: input.pageSize };
  };
  return { load, requests };
};
