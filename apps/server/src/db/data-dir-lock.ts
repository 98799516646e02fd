import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDir } from '../lib/private-files';

/**
 * The embedded database is one process's files: a second process opening them would corrupt
 * them. The server records its pid in DATA_DIR; admin commands refuse while that process lives.
 */
const lockFile = (dataDir: string) => join(dataDir, 'server.pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !isZombie(pid);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server killed with SIGKILL stays a zombie until its parent reaps it (a second or more under
 * some supervisors); it holds no file by then, so it must not block the restart. Linux only:
 * elsewhere there is no /proc and a live pid counts as alive.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command) state …": the command may hold spaces and parentheses, the state follows
    // the last ")".
    return stat.charAt(stat.lastIndexOf(')') + 2) === 'Z';
  } catch {
    return false;
  }
}

/** The pid of a live server holding the data dir, or null (a stale file is ignored). */
export function findDataDirHolder(dataDir: string): number | null {
  const file = lockFile(dataDir);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : null;
}

export function holdDataDir(dataDir: string): () => void {
  const holder = findDataDirHolder(dataDir);
  if (holder) throw new Error(`Another server (pid ${holder}) is using ${dataDir}. Stop it first.`);
  makePrivateDir(dataDir);
  writeFileSync(lockFile(dataDir), String(process.pid), { mode: 0o600 });
  return () => rmSync(lockFile(dataDir), { force: true });
}
