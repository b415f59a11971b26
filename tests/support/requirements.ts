/**
 * `proves(ids, name)`: a test's (or a describe's) name that says which requirements (src/domain/requirements.ts)
 * it proves, e.g. `it(proves('C.limit.4', 'the monthly limit refuses what the day would still allow'), ...)`.
 * The ids are typed (a misspelt id does not compile); `npm run trace` finds them by reading the test files, so the
 * ids must be written as string literals in the call.
 */
import type { RequirementId } from '../../src/domain/requirements';

export const proves = (ids: RequirementId | readonly RequirementId[], name: string): string =>
  `${name} [${(typeof ids === 'string' ? [ids] : ids).join(', ')}]`;
