import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makePrivateDir } from '../lib/private-files';

/*
 * Secrets the server makes on its first start when the environment gives none, and keeps in
 * DATA_DIR (mode 0600) so they survive restarts: the session secret (SESSION_SECRET) and the
 * audit log's key (AUDIT_KEY). Reading the configuration only reads the files; the server and the
 * admin command write them (saveGeneratedSecrets), so parsing has no effect on the disk.
 */
export const SESSION_SECRET_FILE = 'session-secret';
export const AUDIT_KEY_FILE = 'audit-key';

export function readDataDirSecret(dataDir: string, name: string): string | null {
  const file = join(dataDir, name);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null;
}

export function newDataDirSecret(): string {
  return randomBytes(32).toString('base64url');
}

function saveDataDirSecret(dataDir: string, name: string, secret: string): void {
  makePrivateDir(dataDir);
  const file = join(dataDir, name);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/** Stores the secrets the configuration made just now (the parts of `Config` it reads). */
export function saveGeneratedSecrets(config: {
  dataDir: string;
  sessionSecret: string;
  sessionSecretIsNew: boolean;
  auditKey: string;
  auditKeySource: 'env' | 'data_dir' | 'new';
}): void {
  if (config.sessionSecretIsNew) {
    saveDataDirSecret(config.dataDir, SESSION_SECRET_FILE, config.sessionSecret);
  }
  if (config.auditKeySource === 'new') {
    saveDataDirSecret(config.dataDir, AUDIT_KEY_FILE, config.auditKey);
  }
}
