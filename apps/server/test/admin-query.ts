import pg from 'pg';

/**
 * One statement on its own connection (create or drop a database: not inside a pool). Free of
 * Vitest, so the bench's scripts use it too.
 */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
