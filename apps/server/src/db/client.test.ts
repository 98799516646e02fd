import { chmodSync, lstatSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, openPostgres } from './client';
import { migrateDatabase } from './migrate';
import { accounts } from './schema/index';
import { EMBEDDED_OPEN_MS } from '../../test/test-database';

/** A port nothing listens on: bound, read, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Every path under `dir` (itself included) whose mode lets the group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return found;
}

describe('openDatabase without DATABASE_URL', () => {
  it(
    'keeps DATA_DIR and everything in it owner-only, including files left open by an older version',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pp-db-'));
      chmodSync(dataDir, 0o777);
      writeFileSync(join(dataDir, 'session-secret'), 'old\n', { mode: 0o666 });
      chmodSync(join(dataDir, 'session-secret'), 0o666);
      const database = await openDatabase({ dataDir });
      expect(openToOthers(dataDir)).toEqual([]);
      await migrateDatabase(database);
      await database.db.insert(accounts).values({ name: 'Private' });
      await database.close();
      expect(openToOthers(dataDir)).toEqual([]);
    },
    EMBEDDED_OPEN_MS,
  );

  it(
    'keeps data in DATA_DIR across a close and a reopen',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'pp-db-'));
      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      await migrateDatabase(first);
      const [account] = await first.db.insert(accounts).values({ name: 'Persisted' }).returning();
      await first.close();

      const second = await openDatabase({ dataDir });
      try {
        await migrateDatabase(second);
        const rows = await second.db
          .select()
          .from(accounts)
          .where(eq(accounts.id, account?.id ?? ''));
        expect(rows.map((row) => row.name)).toEqual(['Persisted']);
        await expect(second.ping()).resolves.toBeUndefined();
      } finally {
        await second.close();
      }
    },
    EMBEDDED_OPEN_MS,
  );
});

describe('openPostgres', () => {
  it('fails a ping quickly, without crashing, when the server is unreachable', async () => {
    const database = openPostgres(`postgres://nobody@127.0.0.1:${await closedPort()}/none`);
    expect(database.kind).toBe('postgres');
    const started = Date.now();
    await expect(database.ping()).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    await database.close();
    // A second close (shutdown after a failed start) must not throw.
    await expect(database.close()).resolves.toBeUndefined();
  });
});
