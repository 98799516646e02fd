import { chmodSync, lstatSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, openPostgres, POOL_WAIT_MS } from './client';
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

  it('gives up on a server that accepts but never answers at the connect timeout', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const database = openPostgres(`postgres://nobody@127.0.0.1:${port}/none`);
    const started = Date.now();
    const failure: unknown = await database.ping().catch((error: unknown) => error);
    // Drizzle wraps the driver's error; its cause is the connect timeout's.
    expect(String((failure as Error).cause)).toMatch(/timeout/i);
    // Well before the wait for a busy pool (POOL_WAIT_MS), which is not for outages.
    expect(Date.now() - started).toBeLessThan(POOL_WAIT_MS / 2);
    await database.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('openPostgres with every connection busy', () => {
  it('has a query wait for a free connection past the connect timeout', async () => {
    const database = openPostgres(process.env.TEST_DATABASE_URL ?? '');
    try {
      // Every connection of the pool (10) busy for longer than the connect timeout (3 s).
      // Drizzle's queries are lazy thenables: Promise.resolve starts each now.
      const busy = Array.from({ length: 10 }, () =>
        Promise.resolve(database.db.execute(sql`select pg_sleep(3.5)`)),
      );
      const started = Date.now();
      await expect(database.ping()).resolves.toBeUndefined();
      expect(Date.now() - started).toBeGreaterThan(3_000);
      await Promise.all(busy);
    } finally {
      await database.close();
    }
  });
});
