import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Rows of a raw statement; both drivers answer `{ rows }`, which the common Db type cannot say. */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}
