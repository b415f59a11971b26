/** The PostgreSQL error of `code` (and `constraint`, if given), whichever driver raised it (drizzle wraps it). */
const hasPgError = (error: unknown, code: string, constraint?: string): boolean => {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === code) return constraint === undefined || candidate.constraint === constraint;
    current = candidate.cause;
  }
  return false;
};

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  hasPgError(error, '23505', constraint);

/** PostgreSQL's foreign_key_violation. */
export const isForeignKeyViolation = (error: unknown, constraint?: string): boolean =>
  hasPgError(error, '23503', constraint);

/** PostgreSQL's deadlock_detected: the statement was rolled back whole, so on its own it may simply run again. */
export const isDeadlock = (error: unknown): boolean => hasPgError(error, '40P01');
