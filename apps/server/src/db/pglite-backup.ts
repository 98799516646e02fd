import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { makePrivateDir, restrictTree } from '../lib/private-files';
import { adminSocketPath, requestDump } from './admin-socket';
import { openDatabase, pgliteDataDir } from './client';
import { findDataDirHolder, holdDataDir } from './data-dir-lock';

/** `admin backup` and `admin restore`: the embedded database as one gzip tarball. */
export interface EmbeddedTarget {
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** What the server keeps in DATA_DIR for itself alone: never carried across a restore. */
const PROCESS_FILES = new Set(['server.pid', 'admin.sock']);

export async function backupEmbedded(
  target: EmbeddedTarget,
  file: string,
): Promise<{ path: string; bytes: number; from: 'server' | 'files' }> {
  if (target.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set: `backup` covers the embedded database only. Back PostgreSQL up with pg_dump.',
    );
  }
  const { dataDir } = target;
  const holder = findDataDirHolder(dataDir);
  let dump: Buffer;
  if (holder) {
    dump = await requestDump(adminSocketPath(dataDir)).catch((error: unknown) => {
      throw new Error(
        `The server (pid ${holder}) is using ${dataDir}, but it did not hand over a backup: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  } else {
    dump = await dumpFromFiles(dataDir);
  }
  const path = resolve(file);
  await writeWhole(path, dump);
  return { path, bytes: dump.length, from: holder ? 'server' : 'files' };
}

async function dumpFromFiles(dataDir: string): Promise<Buffer> {
  if (!existsSync(join(pgliteDataDir(dataDir), 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  }
  // Held while the files are open, so a server starting meanwhile refuses instead of sharing them.
  const release = holdDataDir(dataDir);
  try {
    const database = await openDatabase({ dataDir });
    try {
      return Buffer.from(await (await database.dump()).arrayBuffer());
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

/** Written beside `path` and renamed into place: a crash never leaves half a backup under its name. */
async function writeWhole(path: string, bytes: Buffer): Promise<void> {
  const partial = `${path}.partial`;
  try {
    // The dump holds password hashes and every account's data: owner-only, like DATA_DIR.
    const handle = await open(partial, 'w', 0o600);
    try {
      await handle.chmod(0o600);
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export async function restoreEmbedded(
  target: EmbeddedTarget,
  file: string,
  now = new Date(),
): Promise<{ aside: string; users: number }> {
  if (target.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set: `restore` covers the embedded database only. Restore PostgreSQL with pg_restore or psql.',
    );
  }
  const dataDir = resolve(target.dataDir);
  const holder = findDataDirHolder(dataDir);
  if (holder) {
    throw new Error(`The server (pid ${holder}) is using ${dataDir}. Stop it first, then restore.`);
  }
  const tar = readDump(await readFile(file), file);
  // Opened in memory first: a file PGlite cannot load never gets near DATA_DIR.
  await openDump(tar, undefined, file);

  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const staging = `${dataDir}.restoring-${stamp}`;
  const aside = `${dataDir}.before-restore-${stamp}`;
  const release = holdDataDir(dataDir);
  let users: number;
  try {
    const dir = pgliteDataDir(staging);
    makePrivateDir(staging);
    makePrivateDir(dir);
    users = await openDump(tar, dir, file);
    for (const name of readdirSync(dataDir)) {
      if (name === 'pgdata' || PROCESS_FILES.has(name)) continue;
      cpSync(join(dataDir, name), join(staging, name), {
        recursive: true,
        preserveTimestamps: true,
      });
    }
    restrictTree(staging);
    renameSync(dataDir, aside);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    release();
    throw error;
  }
  try {
    renameSync(staging, dataDir);
  } catch (error) {
    renameSync(aside, dataDir);
    release();
    throw error;
  }
  // The lock went aside with the old files; the new DATA_DIR never had one.
  rmSync(join(aside, 'server.pid'), { force: true });
  return { aside, users };
}

/**
 * The tarball PGlite will load, or a clear refusal. PGlite's own loader, handed a cut-off gzip or
 * a file that is not a tar, fails in a zlib callback it does not catch, which ends the process:
 * so the file is unpacked and its tar headers walked here first.
 */
function readDump(bytes: Buffer, file: string): Buffer {
  const notABackup = (why: string) => new Error(`${file} is not a PGlite backup (${why}).`);
  let tar = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = gunzipSync(bytes);
    } catch (error) {
      throw notABackup(error instanceof Error ? error.message : 'bad gzip data');
    }
  }
  let offset = 0;
  let entries = 0;
  let hasVersion = false;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (start: number, length: number) =>
      header
        .subarray(start, start + length)
        .toString('latin1')
        .replace(/\0.*$/s, '')
        .trim();
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
    const size = parseInt(field(124, 12) || '0', 8);
    if (!field(257, 6).startsWith('ustar') || parseInt(field(148, 8), 8) !== sum) {
      throw notABackup(`damaged tar header at byte ${offset}`);
    }
    if (!Number.isFinite(size) || offset + 512 + size > tar.length) {
      throw notABackup('cut off');
    }
    if (/^\/?PG_VERSION$/.test(field(0, 100))) hasVersion = true;
    entries += 1;
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  if (entries === 0) throw notABackup('not a tar archive');
  if (!hasVersion) throw notABackup('no database in it');
  return tar;
}

/** Loads the tarball (into `dir`, or memory) and counts the users: the app's tables must be there. */
async function openDump(tar: Buffer, dir: string | undefined, file: string): Promise<number> {
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({
      ...(dir ? { dataDir: dir } : {}),
      loadDataDir: new Blob([tar], { type: 'application/x-tar' }),
    });
    const { rows } = await client.query<{ users: number }>(
      'select count(*)::int as users from users',
    );
    return rows[0]?.users ?? 0;
  } catch (error) {
    throw new Error(
      `${file} does not load as this app's database: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    if (client && !client.closed) await client.close();
  }
}
