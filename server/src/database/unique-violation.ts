/**
 * Whether a PostgreSQL unique violation (23505) of `constraint` is in the error's cause chain (drizzle
 * wraps the driver's error). A violation whose driver names no constraint counts too.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined; current; ) {
    if (current.code === '23505') return current.constraint === undefined || current.constraint === constraint;
    current = current.cause as typeof current;
  }
  return false;
}
