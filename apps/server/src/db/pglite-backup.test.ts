import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import {
  exitOf,
  freePort,
  killSpawnedServers,
  runAdmin,
  startServer,
  waitUntilReady,
} from '../../test/spawned-server';
import { adminSocketPath, requestDump, serveAdminSocket } from './admin-socket';
import { openDatabase, openPostgres } from './client';
import { migrateDatabase } from './migrate';
import { backupEmbedded, restoreEmbedded } from './pglite-backup';
import { users } from './schema/index';
import { EMBEDDED_OPEN_MS, migratedDataDir } from '../../test/test-database';

const quietLog = Fastify({ logger: false }).log;
const RESTORED_AT = new Date('2026-03-04T05:06:07.089Z');

let root: string;
const idle: ChildProcess[] = [];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'pp-backup-'));
});
afterEach(() => {
  killSpawnedServers();
  for (const child of idle.splice(0)) if (child.pid) process.kill(child.pid, 'SIGKILL');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A migrated embedded database in `root/<name>` holding users with these addresses. */
async function makeDataDir(name: string, emails: string[]): Promise<string> {
  const dataDir = await migratedDataDir(join(root, name));
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    for (const email of emails) await createUser(database.db, { email });
  } finally {
    await database.close();
  }
  return dataDir;
}

async function emailsIn(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db.select().from(users).orderBy(asc(users.email));
    return rows.map((row) => row.email);
  } finally {
    await database.close();
  }
}

/** Makes `dataDir` look held by a live server: the lock names another process than this one. */
function lockByAnotherProcess(dataDir: string): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' });
  idle.push(child);
  writeFileSync(join(dataDir, 'server.pid'), String(child.pid));
  return child.pid as number;
}

/** What sits beside the data dirs: where a restore leaves the old data, or forgets a half-made one. */
const siblings = () => readdirSync(root).sort();

describe('admin backup and restore (embedded database)', () => {
  it(
    'backs up a stopped data dir and restores it into another, which keeps its own files',
    async () => {
      const source = await makeDataDir('stopped', ['alice@example.test', 'bob@example.test']);
      const target = await makeDataDir('target', ['carol@example.test']);
      writeFileSync(join(target, 'session-secret'), 'target-secret\n', { mode: 0o600 });
      const file = join(root, 'stopped.tar.gz');

      const backup = await backupEmbedded({ dataDir: source }, file);
      expect(backup).toEqual({ path: file, bytes: statSync(file).size, from: 'files' });
      expect([...readFileSync(file).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(existsSync(`${file}.partial`)).toBe(false);
      expect(existsSync(join(source, 'server.pid'))).toBe(false);

      const restored = await restoreEmbedded({ dataDir: target }, file, RESTORED_AT);
      const aside = `${target}.before-restore-2026-03-04T05-06-07-089Z`;
      expect(restored).toEqual({ aside, users: 2 });
      expect(await emailsIn(target)).toEqual(['alice@example.test', 'bob@example.test']);
      expect(readFileSync(join(target, 'session-secret'), 'utf8')).toBe('target-secret\n');
      expect(await emailsIn(aside)).toEqual(['carol@example.test']);
      expect(readdirSync(target).sort()).toEqual(['pgdata', 'session-secret']);
      expect(siblings().filter((name) => name.includes('.restoring-'))).toEqual([]);
    },
    EMBEDDED_OPEN_MS,
  );

  it(
    'takes the dump from the running app through its socket',
    async () => {
      const dataDir = await migratedDataDir(join(root, 'running'));
      const database = await openDatabase({ dataDir });
      const socket = await serveAdminSocket(dataDir, { dump: () => database.dump() }, quietLog);
      try {
        await migrateDatabase(database);
        await createUser(database.db, { email: 'live@example.test' });
        expect(socket.path).toBe(adminSocketPath(dataDir));
        expect(statSync(socket.path).isSocket()).toBe(true);
        expect(statSync(socket.path).mode & 0o777).toBe(0o600);

        // The lock names another process, so the command cannot open the files and must ask.
        lockByAnotherProcess(dataDir);
        const file = join(root, 'running.tar.gz');
        const backup = await backupEmbedded({ dataDir }, file);
        expect(backup.from).toBe('server');
        expect(backup.bytes).toBe(statSync(file).size);
        // Written after the dump: not in it.
        await createUser(database.db, { email: 'later@example.test' });

        const copy = join(root, 'running-copy');
        await restoreEmbedded({ dataDir: copy }, file);
        expect(await emailsIn(copy)).toEqual(['live@example.test']);
      } finally {
        await socket.close();
        await database.close();
      }
      expect(existsSync(socket.path)).toBe(false);
    },
    EMBEDDED_OPEN_MS,
  );

  it("passes on the server's failure instead of a partial file", async () => {
    const dataDir = mkdtempSync(join(root, 'failing-'));
    const socket = await serveAdminSocket(
      dataDir,
      { dump: () => Promise.reject(new Error('disk on fire')) },
      quietLog,
    );
    try {
      await expect(requestDump(socket.path)).rejects.toThrow(
        'the server could not dump the database: disk on fire',
      );
      lockByAnotherProcess(dataDir);
      const file = join(root, 'failing.tar.gz');
      await expect(backupEmbedded({ dataDir }, file)).rejects.toThrow(/did not hand over a backup/);
      expect(existsSync(file)).toBe(false);
      expect(existsSync(`${file}.partial`)).toBe(false);
    } finally {
      await socket.close();
    }
  });

  it(
    'refuses to restore while a server holds DATA_DIR, and changes nothing',
    async () => {
      const dataDir = await makeDataDir('held', ['held@example.test']);
      const file = join(root, 'held.tar.gz');
      await backupEmbedded({ dataDir }, file);
      const pid = lockByAnotherProcess(dataDir);
      const before = siblings();

      await expect(restoreEmbedded({ dataDir }, file)).rejects.toThrow(
        `The server (pid ${pid}) is using ${dataDir}. Stop it first, then restore.`,
      );
      expect(siblings()).toEqual(before);
      expect(readFileSync(join(dataDir, 'server.pid'), 'utf8')).toBe(String(pid));
    },
    EMBEDDED_OPEN_MS,
  );

  it(
    'refuses a damaged or foreign file and leaves the data untouched',
    async () => {
      const dataDir = await makeDataDir('kept', ['kept@example.test']);
      const good = join(root, 'kept.tar.gz');
      await backupEmbedded({ dataDir }, good);
      const bytes = readFileSync(good);
      const empty = await PGlite.create();
      const foreign = Buffer.from(await (await empty.dumpDataDir('gzip')).arrayBuffer());
      await empty.close();
      const bad: Record<string, [Buffer, RegExp]> = {
        'text.tar.gz': [
          Buffer.from('not a backup\n'),
          /is not a PGlite backup \(not a tar archive\)/,
        ],
        'cut.tar.gz': [
          bytes.subarray(0, bytes.length / 2),
          /is not a PGlite backup \(unexpected end/,
        ],
        'zeros.tar': [Buffer.alloc(4096, 7), /is not a PGlite backup \(damaged tar header/],
        'foreign.tar.gz': [foreign, /does not load as this app's database: .*users/],
      };
      const before = siblings();
      for (const [name, [content, message]] of Object.entries(bad)) {
        const file = join(root, name);
        writeFileSync(file, content);
        await expect(restoreEmbedded({ dataDir }, file), name).rejects.toThrow(message);
        rmSync(file);
      }
      expect(siblings()).toEqual(before);
      expect(readdirSync(dataDir).sort()).toEqual(['pgdata']);
      expect(await emailsIn(dataDir)).toEqual(['kept@example.test']);
    },
    EMBEDDED_OPEN_MS,
  );

  it('refuses on PostgreSQL and points at its own tools', async () => {
    const databaseUrl = 'postgres://nobody@127.0.0.1:1/none';
    const dataDir = mkdtempSync(join(root, 'pg-'));
    const file = join(root, 'pg.tar.gz');
    await expect(backupEmbedded({ dataDir, databaseUrl }, file)).rejects.toThrow(/pg_dump/);
    await expect(restoreEmbedded({ dataDir, databaseUrl }, file)).rejects.toThrow(/pg_restore/);
    expect(existsSync(file)).toBe(false);
    const database = openPostgres(databaseUrl);
    await expect(database.dump()).rejects.toThrow(/pg_dump/);
    await database.close();
  });

  it('end to end: the CLI backs up a running server, restore waits for it to stop', async () => {
    const dataDir = await migratedDataDir(join(root, 'served'));
    const port = await freePort();
    const { child, output } = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    });
    await waitUntilReady(`http://127.0.0.1:${port}`, output);
    const file = join(root, 'served.tar.gz');

    const backup = await runAdmin(dataDir, ['backup', file]);
    expect(backup, output()).toMatchObject({ code: 0 });
    expect(backup.out).toMatch(
      new RegExp(`Backed up [\\d.]+ MB to ${file} \\(dumped by the running server\\)`),
    );
    const refused = await runAdmin(dataDir, ['restore', file]);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/is using .* Stop it first/);

    process.kill(child.pid as number, 'SIGTERM');
    expect(await exitOf(child)).toBe(0);
    expect(existsSync(adminSocketPath(dataDir))).toBe(false);

    const copy = join(root, 'served-copy');
    const restored = await runAdmin(copy, ['restore', file]);
    expect(restored, restored.err).toMatchObject({ code: 0 });
    expect(restored.out).toContain(`The data it replaced is in ${copy}.before-restore-`);
    // The demo seed's people, as the server had them.
    expect(await emailsIn(copy)).toContain('owner@demo.test');
  }, 180_000);
});
