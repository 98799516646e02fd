import { DEFAULT_VOLUME_FLOORS, type VolumeFloors } from '@partner-portal/shared/insight-rules';
import { hkdfSync } from 'node:crypto';
import { join, resolve } from 'node:path';
import { ACCOUNT_LIMITS } from '@partner-portal/shared/limits';
import {
  REPORT_IMPORT_ASYNC_BYTES,
  REPORT_IMPORT_MAX_BYTES,
} from '@partner-portal/shared/report-import';
import { hashingLimits } from './lib/password';
import type { WorkGateLimits } from './lib/work-gate';
import { parseStripePrices, type StripePrices } from './features/billing/stripe/stripe-prices';
import { defaultEmbedUrl } from './config/embed-url';
import { ConfigError, EnvSchema, isOn, optionalString, parseTrustProxy } from './config/env';
import {
  OAUTH_VARIABLE_GROUPS,
  parseOAuthProviders,
  type OAuthProviderConfig,
} from './config/oauth';
import {
  AUDIT_KEY_FILE,
  newDataDirSecret,
  readDataDirSecret,
  SESSION_SECRET_FILE,
} from './config/data-dir-secret';
import { parseSigmaWorkbooks, type SigmaWorkbookConfig } from './config/sigma';
import { readTls, type TlsFiles } from './config/tls';

export { ConfigError };

/*
 * The server's settings, read from the environment once at boot (config/env.ts lists every
 * variable); the parts with rules of their own are in config/oauth.ts, config/sigma.ts and
 * config/tls.ts. Reading changes nothing on disk: a new session secret or audit key is saved by
 * the caller (saveGeneratedSecrets in config/data-dir-secret.ts).
 */

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  appUrl: string;
  /**
   * The origin the built-in workbook pages are served from (docs/decisions/0009): another site
   * than appUrl's where one is set up, so the browser runs them in their own process.
   */
  embedUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  database: 'pglite' | 'postgres';
  sessionSecret: string;
  /** Made now, not stored yet: the server saves it into DATA_DIR (saveSessionSecret). */
  sessionSecretIsNew: boolean;
  encryptionKey: Buffer;
  /** The audit log's HMAC key (AUDIT_KEY, else generated into DATA_DIR). */
  auditKey: string;
  /** Where the key came from; 'new': made now, saved by the caller (saveGeneratedSecrets). */
  auditKeySource: 'env' | 'data_dir' | 'new';
  /** The append-only file of the audit log's anchors (AUDIT_ANCHOR_FILE). */
  auditAnchorFile: string;
  /** OPERATOR_EMAIL: who is mailed the audit log's anchors; empty: nobody. */
  operatorEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** HTTPS with HTTP/2 when set; null is plain HTTP/1.1. */
  tls: TlsFiles | null;
  /** BRAND_URL: the sign-in screen's "learn more" link; null hides it. */
  brandUrl: string | null;
  accountRetentionDays: number;
  /** Days an audit row is kept (AUDIT_RETENTION_DAYS, at least 30). */
  auditRetentionDays: number;
  /** How often this instance runs the background jobs (JOB_INTERVAL_SECONDS). */
  jobIntervalMs: number;
  stripe: {
    secretKey: string;
    publishableKey: string;
    webhookSecret: string;
    apiBase?: string;
    prices: StripePrices;
  } | null;
  sigma: {
    clientId: string;
    secret: string;
    orgSlug: string;
    baseUrl: string;
    apiBase?: string;
    apiClientId?: string;
    apiSecret?: string;
    /** From SIGMA_WORKBOOKS; null keeps the catalogue already in the database (sync-workbooks). */
    workbooks: SigmaWorkbookConfig[] | null;
    accountType: string;
    plusTeam: string;
    ttlSeconds: number;
  } | null;
  sigmaBaseUrl: string;
  oauthProviders: OAuthProviderConfig[];
  redisUrl: string | undefined;
  passwordHashing: WorkGateLimits;
  trustProxy: boolean | number | string[];
  demoSeed: boolean;
  logLevel: string;
  /** Compact lines instead of JSON: LOG_FORMAT, else whether stdout is a terminal. */
  logPretty: boolean;
  /** Bearer token for GET /metrics; null leaves metrics off. */
  metricsToken: string | null;
  /** Calls a minute per API key. */
  apiKeyRateLimit: number;
  /** The largest report file an upload may be (IMPORT_MAX_BYTES). */
  importMaxBytes: number;
  /** Uploads larger than this answer 202 once checked, and are written in the background. */
  importAsyncBytes: number;
  /** The insights' AI summary endpoint (AI_BASE_URL, AI_MODEL, AI_API_KEY); null: none. */
  ai: { baseUrl: string; model: string; apiKey: string | null } | null;
  /** The insights' volume gates: the defaults with INSIGHT_VOLUME_FLOORS laid over them. */
  insightFloors: VolumeFloors;
  providers: { mail: 'smtp' | 'outbox'; billing: 'stripe' | 'local'; analytics: 'sigma' | 'local' };
}

/** Variables that only make sense together: a partial set is a mistake, not "off". */
const VARIABLE_GROUPS: string[][] = [
  ['SIGMA_EMBED_CLIENT_ID', 'SIGMA_EMBED_SECRET', 'SIGMA_ORG_SLUG'],
  ['TLS_CERT_FILE', 'TLS_KEY_FILE'],
  ['AI_BASE_URL', 'AI_MODEL'],
  // Stripe's renewals reach the app only through its webhook: no secret, no Stripe.
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ...OAUTH_VARIABLE_GROUPS,
];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const read = (name: string) => optionalString.parse(env[name]);
  const parsed = EnvSchema.safeParse(env);
  const problems: string[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  for (const group of VARIABLE_GROUPS) {
    const set = group.filter((name) => read(name) !== undefined);
    if (set.length === 0 || set.length === group.length) continue;
    for (const missing of group.filter((name) => read(name) === undefined)) {
      problems.push(`${missing}: must be set together with ${set.join(', ')}`);
    }
  }
  const oauthProviders = parseOAuthProviders(read, problems);
  const sigmaWorkbooks = parseSigmaWorkbooks(read('SIGMA_WORKBOOKS'), problems);
  const tls = readTls(read('TLS_CERT_FILE'), read('TLS_KEY_FILE'), problems);
  const stripePrices = read('STRIPE_SECRET_KEY')
    ? parseStripePrices(read('STRIPE_PRICES'), problems)
    : {};
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const raw = parsed.data;

  const dataDir = resolve(raw.DATA_DIR);
  const storedSecret = raw.SESSION_SECRET ?? readDataDirSecret(dataDir, SESSION_SECRET_FILE);
  const sessionSecret = storedSecret ?? newDataDirSecret();
  const storedAuditKey = raw.AUDIT_KEY ? null : readDataDirSecret(dataDir, AUDIT_KEY_FILE);
  // Secrets at rest (2FA) get their own key: derived from the session secret unless given.
  const encryptionKey = raw.ENCRYPTION_KEY
    ? Buffer.from(raw.ENCRYPTION_KEY, 'hex')
    : Buffer.from(hkdfSync('sha256', sessionSecret, 'partner-portal', 'secrets-at-rest', 32));

  const sigma =
    raw.SIGMA_EMBED_CLIENT_ID && raw.SIGMA_EMBED_SECRET && raw.SIGMA_ORG_SLUG
      ? {
          clientId: raw.SIGMA_EMBED_CLIENT_ID,
          secret: raw.SIGMA_EMBED_SECRET,
          orgSlug: raw.SIGMA_ORG_SLUG,
          baseUrl: raw.SIGMA_BASE_URL.replace(/\/$/, ''),
          apiBase: raw.SIGMA_API_BASE,
          apiClientId: raw.SIGMA_API_CLIENT_ID,
          apiSecret: raw.SIGMA_API_SECRET,
          workbooks: sigmaWorkbooks,
          accountType: raw.SIGMA_ACCOUNT_TYPE,
          plusTeam: raw.SIGMA_PLUS_TEAM,
          ttlSeconds: raw.SIGMA_EMBED_TTL_SECONDS,
        }
      : null;
  const stripe =
    raw.STRIPE_SECRET_KEY && raw.STRIPE_PUBLISHABLE_KEY && raw.STRIPE_WEBHOOK_SECRET
      ? {
          secretKey: raw.STRIPE_SECRET_KEY,
          publishableKey: raw.STRIPE_PUBLISHABLE_KEY,
          webhookSecret: raw.STRIPE_WEBHOOK_SECRET,
          apiBase: raw.STRIPE_API_BASE,
          prices: stripePrices,
        }
      : null;

  // Unset, the public URL is this machine on the configured port.
  const appUrl = (raw.APP_URL ?? `${tls ? 'https' : 'http'}://localhost:${raw.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    nodeEnv: raw.NODE_ENV ?? 'development',
    port: Number(raw.PORT),
    host: raw.HOST,
    appUrl,
    embedUrl: raw.EMBED_URL ? new URL(raw.EMBED_URL).origin : defaultEmbedUrl(appUrl),
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    database: raw.DATABASE_URL ? 'postgres' : 'pglite',
    sessionSecret,
    sessionSecretIsNew: storedSecret === null,
    encryptionKey,
    auditKey: raw.AUDIT_KEY ?? storedAuditKey ?? newDataDirSecret(),
    auditKeySource: raw.AUDIT_KEY ? 'env' : storedAuditKey ? 'data_dir' : 'new',
    auditAnchorFile: raw.AUDIT_ANCHOR_FILE
      ? resolve(raw.AUDIT_ANCHOR_FILE)
      : join(dataDir, 'audit-anchors'),
    operatorEmails: (raw.OPERATOR_EMAIL ?? '')
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean),
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    supportEmail: raw.SUPPORT_EMAIL,
    tls,
    brandUrl: raw.BRAND_URL ?? null,
    accountRetentionDays: raw.ACCOUNT_RETENTION_DAYS,
    auditRetentionDays: raw.AUDIT_RETENTION_DAYS,
    jobIntervalMs: raw.JOB_INTERVAL_SECONDS * 1000,
    stripe,
    sigma,
    sigmaBaseUrl: raw.SIGMA_BASE_URL.replace(/\/$/, ''),
    oauthProviders,
    redisUrl: raw.REDIS_URL,
    passwordHashing: hashingLimits(raw.PASSWORD_HASH_CONCURRENCY, raw.PASSWORD_HASH_QUEUE),
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    // The embedded database is the try-it-out path, so it gets demo data unless told otherwise.
    demoSeed: isOn(raw.DEMO_SEED) ?? !raw.DATABASE_URL,
    logLevel: raw.LOG_LEVEL,
    logPretty: raw.LOG_FORMAT ? raw.LOG_FORMAT === 'pretty' : Boolean(process.stdout.isTTY),
    metricsToken: raw.METRICS_TOKEN ?? null,
    apiKeyRateLimit: raw.API_KEY_RATE_LIMIT ?? ACCOUNT_LIMITS.api_key.max,
    importMaxBytes: raw.IMPORT_MAX_BYTES ?? REPORT_IMPORT_MAX_BYTES,
    importAsyncBytes: raw.IMPORT_ASYNC_BYTES ?? REPORT_IMPORT_ASYNC_BYTES,
    ai:
      raw.AI_BASE_URL && raw.AI_MODEL
        ? {
            baseUrl: raw.AI_BASE_URL.replace(/\/$/, ''),
            model: raw.AI_MODEL,
            apiKey: raw.AI_API_KEY ?? null,
          }
        : null,
    insightFloors: { ...DEFAULT_VOLUME_FLOORS, ...raw.INSIGHT_VOLUME_FLOORS },
    providers: {
      mail: raw.SMTP_URL ? 'smtp' : 'outbox',
      billing: stripe ? 'stripe' : 'local',
      analytics: sigma ? 'sigma' : 'local',
    },
  };
}
