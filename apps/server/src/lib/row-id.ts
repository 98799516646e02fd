const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path id or search term that could name a row (our ids are UUIDs): anything else is "not
 * found" without asking the database, which would refuse to cast it to `uuid` with a 500.
 */
export function isRowId(id: string): boolean {
  return UUID.test(id);
}
