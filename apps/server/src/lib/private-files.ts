import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * DATA_DIR holds the embedded database, the session secret and the server's pid: owner-only
 * (docs/security.md "Files on disk"). The directory's own 0700 is what keeps other users out of
 * the files PGlite creates while it runs, since PGlite creates them 0666 whatever the umask;
 * `restrictTree` brings those to 0600 at start and at shutdown.
 */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** Every directory under `dir` to 0700 and every file to 0600; symbolic links are left alone. */
export function restrictTree(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) {
      chmodSync(path, 0o700);
      restrictTree(path);
    } else if ((stat.mode & 0o077) !== 0) {
      chmodSync(path, 0o600);
    }
  }
}
