import { DEFAULT_VOLUME_FLOORS } from '@partner-portal/shared/insight-rules';
import { join, resolve } from 'node:path';
import { ACCOUNT_LIMITS } from '@partner-portal/shared/limits';
import {
  REPORT_IMPORT_ASYNC_BYTES,
  REPORT_IMPORT_MAX_BYTES,
} from '@partner-portal/shared/report-import';
import { hashingLimits } from './lib/password';
import { parseStripePrices } from './features/billing/stripe/stripe-prices';
import type { Config } from './config/config-shape';
import { defaultEmbedUrl } from './config/embed-url';
import { ConfigError, EnvSchema, isOn, optionalString, parseTrustProxy } from './config/env';
import { OAUTH_VARIABLE_GROUPS, parseOAuthProviders } from './config/oauth';
import { aiConfig, sigmaConfig, stripeConfig } from './config/providers';
import { resolveSecrets } from './config/secrets';
import { parseSigmaWorkbooks } from './config/sigma';
import { readTls } from './config/tls';

export { ConfigError };
export type { Config };

/*
 * The server's settings, read from the environment once at boot (config/env.ts lists every
 * variable, config/config-shape.ts what the code reads); the parts with rules of their own are
 * in config/: oauth.ts, sigma.ts, tls.ts, secrets.ts and providers.ts. Reading changes nothing on
 * disk: a new session secret or audit key is saved by the caller (saveGeneratedSecrets in
 * config/data-dir-secret.ts).
 */

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

  const secrets = resolveSecrets(raw);
  const sigma = sigmaConfig(raw, sigmaWorkbooks);
  const stripe = stripeConfig(raw, stripePrices);

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
    ...secrets,
    databaseUrl: raw.DATABASE_URL,
    database: raw.DATABASE_URL ? 'postgres' : 'pglite',
    auditAnchorFile: raw.AUDIT_ANCHOR_FILE
      ? resolve(raw.AUDIT_ANCHOR_FILE)
      : join(secrets.dataDir, 'audit-anchors'),
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
    allowPrivateOutbound: isOn(raw.ALLOW_PRIVATE_OUTBOUND) ?? false,
    dnsServers: (raw.DNS_SERVERS ?? '')
      .split(',')
      .map((server) => server.trim())
      .filter(Boolean),
    importMaxBytes: raw.IMPORT_MAX_BYTES ?? REPORT_IMPORT_MAX_BYTES,
    importAsyncBytes: raw.IMPORT_ASYNC_BYTES ?? REPORT_IMPORT_ASYNC_BYTES,
    ai: aiConfig(raw),
    insightFloors: { ...DEFAULT_VOLUME_FLOORS, ...raw.INSIGHT_VOLUME_FLOORS },
    providers: {
      mail: raw.SMTP_URL ? 'smtp' : 'outbox',
      billing: stripe ? 'stripe' : 'local',
      analytics: sigma ? 'sigma' : 'local',
    },
  };
}
