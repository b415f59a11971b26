/** PostgreSQL's unique_violation, whichever driver raised it (drizzle wraps it in DrizzleQueryError.cause). */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint;
    current = candidate.cause;
  }
  return false;
};
