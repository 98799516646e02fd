/** PostgreSQL's unique_violation (23505), as node-postgres and PGlite report it through Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error && error.cause ? error.cause : error;
  return (cause as { code?: unknown }).code === '23505';
}
