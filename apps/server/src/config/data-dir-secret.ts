import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDir } from '../lib/private-files';

/*
 * Without SESSION_SECRET, the server makes one on its first start and keeps it in DATA_DIR (mode
 * 0600), so sessions survive restarts. Reading the configuration only reads the file; the server
 * and the admin command write it (saveSessionSecret), so parsing has no effect on the disk.
 */
const secretFile = (dataDir: string) => join(dataDir, 'session-secret');

export function readSessionSecret(dataDir: string): string | null {
  const file = secretFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function saveSessionSecret(dataDir: string, secret: string): void {
  makePrivateDir(dataDir);
  const file = secretFile(dataDir);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}
