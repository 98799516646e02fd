import { hkdfSync } from 'node:crypto';
import { resolve } from 'node:path';
import type { Config } from './config-shape';
import {
  AUDIT_KEY_FILE,
  newDataDirSecret,
  readDataDirSecret,
  SESSION_SECRET_FILE,
} from './data-dir-secret';
import type { Env } from './env';

/**
 * The data directory and the secrets kept in it or given: the session secret, the key for
 * secrets at rest and the audit log's key. Nothing is written here: a secret made now is saved by
 * the caller (saveGeneratedSecrets in data-dir-secret.ts).
 */
export function resolveSecrets(
  raw: Env,
): Pick<
  Config,
  | 'dataDir'
  | 'sessionSecret'
  | 'sessionSecretIsNew'
  | 'encryptionKey'
  | 'auditKey'
  | 'auditKeySource'
> {
  const dataDir = resolve(raw.DATA_DIR);
  const storedSecret = raw.SESSION_SECRET ?? readDataDirSecret(dataDir, SESSION_SECRET_FILE);
  const sessionSecret = storedSecret ?? newDataDirSecret();
  const storedAuditKey = raw.AUDIT_KEY ? null : readDataDirSecret(dataDir, AUDIT_KEY_FILE);
  return {
    dataDir,
    sessionSecret,
    sessionSecretIsNew: storedSecret === null,
    // Secrets at rest (2FA) get their own key: derived from the session secret unless given.
    encryptionKey: raw.ENCRYPTION_KEY
      ? Buffer.from(raw.ENCRYPTION_KEY, 'hex')
      : Buffer.from(hkdfSync('sha256', sessionSecret, 'partner-portal', 'secrets-at-rest', 32)),
    auditKey: raw.AUDIT_KEY ?? storedAuditKey ?? newDataDirSecret(),
    auditKeySource: raw.AUDIT_KEY ? 'env' : storedAuditKey ? 'data_dir' : 'new',
  };
}
