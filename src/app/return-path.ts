/**
 * The page a link's router state names to come back to ({ from: '/SendMoney' }), when it is a path of this site
 * (never '//host' or '/\host'); else null. Log-in returns there, and so does Add Identification (issue 23).
 */
export const returnPathOf = (state: unknown): string | null => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\')
    ? from
    : null;
};
