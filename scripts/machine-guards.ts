/**
 * A guard as a rule's name: a named guard is its name (`formValid`), XState's higher-order guards read as words
 * (`allLoaded and crossBorder`, `not onLink`), never `[and]` or `[inline]`. Shared by the diagrams, the trace, the
 * path suites and the auditors' report.
 */

type HigherOrder = ((...args: never[]) => unknown) & { check?: unknown; guards?: unknown[] };

const isHigherOrder = (guard: unknown): guard is HigherOrder =>
  typeof guard === 'function' && Array.isArray((guard as HigherOrder).guards);

/** The named guards a guard is made of, in order (`and(['a', not('b')])` gives a, b). */
export const guardLeaves = (guard: unknown): string[] => {
  if (guard === undefined || guard === null) return [];
  if (typeof guard === 'string') return [guard];
  if (isHigherOrder(guard)) return (guard.guards ?? []).flatMap(guardLeaves);
  if (typeof guard === 'object' && 'type' in guard) return [String((guard as { type: unknown }).type)];
  if (typeof guard === 'function' && guard.name) return [guard.name];
  return [];
};

/** The guard as words: `payable and amountValid and walletCovers`, `not onLink`, `a or b`. */
export const guardLabel = (guard: unknown): string | null => {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (isHigherOrder(guard)) {
    const parts = (guard.guards ?? []).map((inner) => {
      const text = guardLabel(inner) ?? 'condition';
      return isHigherOrder(inner) && (inner.guards?.length ?? 0) > 1 ? `(${text})` : text;
    });
    if (guard.name === 'not') return `not ${parts[0] ?? 'condition'}`;
    return parts.join(guard.name === 'or' ? ' or ' : ' and ');
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function' && guard.name) return guard.name;
  return 'unnamed condition';
};

/**
 * Requirement ids written short: runs of one prefix become a range (`S5.transfer.1-7, S9.limits.1`).
 */
export const compactIds = (ids: readonly string[]): string => {
  const byPrefix = new Map<string, number[]>();
  const others: string[] = [];
  for (const id of [...new Set(ids)]) {
    const match = /^(.*)\.(\d+)$/.exec(id);
    if (!match) others.push(id);
    else byPrefix.set(match[1]!, [...(byPrefix.get(match[1]!) ?? []), Number(match[2])]);
  }
  const parts: string[] = [];
  for (const [prefix, numbers] of byPrefix) {
    const sorted = [...numbers].sort((a, b) => a - b);
    const runs: string[] = [];
    let start = sorted[0]!;
    let previous = start;
    for (const number of [...sorted.slice(1), Number.NaN]) {
      if (number === previous + 1) {
        previous = number;
        continue;
      }
      runs.push(start === previous ? `${start}` : `${start}-${previous}`);
      start = number;
      previous = number;
    }
    parts.push(`${prefix}.${runs.join(',')}`);
  }
  return [...parts, ...others].join(', ');
};
