import { randomBytes, hkdfSync } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { makePrivateDir } from './lib/private-files';
import { hashingLimits } from './lib/password';
import type { WorkGateLimits } from './lib/work-gate';
import { WorkbookKindSchema } from '@partner-portal/shared/workbooks';
import { parseStripePrices, type StripePrices } from './features/billing/stripe/stripe-prices';

/** Boot stops with this when the environment is wrong; its message lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const optionalUrl = (protocols: string[]) =>
  optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    { message: `must be a ${protocols.map((p) => p.replace(':', '://')).join(' or ')} URL` },
  );

const booleanFlag = optionalString.refine(
  (v) => v === undefined || /^(true|false|1|0|on|off|yes|no)$/i.test(v),
  { message: 'must be true or false' },
);

/** Embed token claims when not configured; the built-in provider uses them as well. */
export const DEFAULT_SIGMA_ACCOUNT_TYPE = 'Viewer';
export const DEFAULT_SIGMA_PLUS_TEAM = 'Partner Portal Plus';

const EnvSchema = z.object({
  NODE_ENV: optionalString,
  PORT: z
    .string()
    .optional()
    .default('8080')
    .refine((v) => /^\d+$/.test(v) && Number(v) > 0 && Number(v) < 65536, {
      message: 'must be a port number (1-65535)',
    }),
  HOST: z.string().optional().default('0.0.0.0'),
  APP_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), {
      message: 'must be an http(s) URL',
    }),
  DATA_DIR: z.string().optional().default('./.data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  ENCRYPTION_KEY: optionalString.refine((v) => v === undefined || /^[0-9a-fA-F]{64}$/.test(v), {
    message: 'must be 64 hex characters',
  }),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().optional().default('Partner Portal <no-reply@localhost>'),
  SUPPORT_EMAIL: z.string().optional().default('support@localhost'),
  // A certificate and its key (PEM files): the server then speaks HTTPS, HTTP/2 first.
  TLS_CERT_FILE: optionalString,
  TLS_KEY_FILE: optionalString,
  // The partner programme's site, linked from the sign-in screen's brand panel (hidden when unset).
  BRAND_URL: optionalUrl(['http:', 'https:']),
  // How long a closed account's data is kept before `admin purge-closed` deletes it.
  // Blank means the default, never 0 (which would purge a closed account at once).
  ACCOUNT_RETENTION_DAYS: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) <= 3650), {
      message: 'must be a whole number of days (0-3650)',
    })
    .transform((v) => (v === undefined ? 30 : Number(v))),
  // How often each instance runs its background jobs (billing renewals, the retention purge).
  // Every instance may run them at once: each job takes its rows with SKIP LOCKED.
  JOB_INTERVAL_SECONDS: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 3600), {
      message: 'must be a whole number of seconds (1-3600)',
    })
    .transform((v) => (v === undefined ? 60 : Number(v))),
  STRIPE_SECRET_KEY: optionalString.refine((v) => v === undefined || /^(sk|rk)_/.test(v), {
    message: 'must be a Stripe secret or restricted key (sk_… or rk_…)',
  }),
  STRIPE_PUBLISHABLE_KEY: optionalString.refine((v) => v === undefined || v.startsWith('pk_'), {
    message: 'must be a Stripe publishable key (pk_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || v.startsWith('whsec_'), {
    message: 'must be a webhook signing secret (whsec_…)',
  }),
  STRIPE_PRICES: optionalString,
  // A Stripe-compatible API elsewhere (tests point it at a local fake of Stripe's API).
  STRIPE_API_BASE: optionalUrl(['http:', 'https:']),
  SIGMA_EMBED_CLIENT_ID: optionalString,
  SIGMA_EMBED_SECRET: optionalString,
  SIGMA_ORG_SLUG: optionalString,
  SIGMA_BASE_URL: z
    .string()
    .optional()
    .default('https://app.sigmacomputing.com')
    .refine((v) => URL.canParse(v), { message: 'must be a URL' }),
  SIGMA_API_BASE: optionalUrl(['http:', 'https:']),
  SIGMA_API_CLIENT_ID: optionalString,
  SIGMA_API_SECRET: optionalString,
  SIGMA_WORKBOOKS: optionalString,
  SIGMA_ACCOUNT_TYPE: z.string().trim().min(1).optional().default(DEFAULT_SIGMA_ACCOUNT_TYPE),
  SIGMA_PLUS_TEAM: z.string().trim().min(1).optional().default(DEFAULT_SIGMA_PLUS_TEAM),
  SIGMA_EMBED_TTL_SECONDS: z.coerce
    .number()
    .int()
    // Sigma refuses a token living longer than 30 days.
    .min(60)
    .max(2_592_000)
    .optional()
    .default(3600),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  // Password hashing is CPU-bound: how many hash at once, and how many sign-ins may wait.
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  TRUST_PROXY: optionalString,
  DEMO_SEED: booleanFlag,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .default('info'),
  // JSON lines for machines; compact lines for a person at a terminal (the default there).
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  // GET /metrics answers only with this bearer token; unset, the route does not exist. Long
  // enough that it cannot be guessed: the metrics name routes and traffic.
  METRICS_TOKEN: z.string().trim().min(24).optional(),
});

export const OAUTH_PROVIDER_NAMES = ['google', 'microsoft', 'oidc'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDER_NAMES)[number];
export interface OAuthProviderConfig {
  name: OAuthProviderName;
  /** The label on the sign-in button ("Google", "Microsoft", or OAUTH_OIDC_NAME). */
  label: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** Google and Microsoft have one well-known issuer; a generic OIDC provider must name its own. */
const DEFAULT_ISSUERS: Partial<Record<OAuthProviderName, string>> = {
  google: 'https://accounts.google.com',
  microsoft: 'https://login.microsoftonline.com/common/v2.0',
};
const DEFAULT_LABELS: Record<OAuthProviderName, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  oidc: 'Single sign-on',
};

const SigmaWorkbooksSchema = z
  .array(
    z.object({
      name: z.string().trim().min(1),
      workbookId: z.string().trim().min(1),
      workbookUrlId: z.string().trim().min(1),
      kind: WorkbookKindSchema,
    }),
  )
  .superRefine((list, context) => {
    const ids = new Set<string>();
    list.forEach((workbook, index) => {
      if (ids.has(workbook.workbookId)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'workbookId'],
          message: 'is listed twice',
        });
      }
      ids.add(workbook.workbookId);
    });
    for (const kind of ['core', 'core_advertiser'] as const) {
      const count = list.filter((workbook) => workbook.kind === kind).length;
      if (count !== 1) {
        context.addIssue({
          code: 'custom',
          path: [],
          message: `needs exactly one workbook of kind "${kind}" (found ${count})`,
        });
      }
    }
  });
export type SigmaWorkbookConfig = z.infer<typeof SigmaWorkbooksSchema>[number];

/** SIGMA_WORKBOOKS: a JSON array of { name, workbookId, workbookUrlId, kind }. */
function parseSigmaWorkbooks(
  value: string | undefined,
  problems: string[],
): SigmaWorkbookConfig[] | null {
  if (value === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    problems.push(
      'SIGMA_WORKBOOKS: must be a JSON array of { name, workbookId, workbookUrlId, kind }',
    );
    return null;
  }
  const parsed = SigmaWorkbooksSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const where = issue.path.length > 0 ? ` item ${issue.path.join('.')}` : '';
    problems.push(`SIGMA_WORKBOOKS:${where} ${issue.message}`);
  }
  return null;
}

export interface Config {
  nodeEnv: string;
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  database: 'pglite' | 'postgres';
  sessionSecret: string;
  encryptionKey: Buffer;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  /** TLS_CERT_FILE and TLS_KEY_FILE, read: HTTPS with HTTP/2 (docs/decisions/0007-http2.md); null is HTTP/1.1. */
  tls: { cert: Buffer; key: Buffer } | null;
  /** BRAND_URL: the sign-in screen's "learn more" link; null hides it. */
  brandUrl: string | null;
  accountRetentionDays: number;
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
  providers: { mail: 'smtp' | 'outbox'; billing: 'stripe' | 'local'; analytics: 'sigma' | 'local' };
}

function isOn(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return /^(true|1|on|yes)$/i.test(value);
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined) return false;
  const flag = isOn(value);
  if (/^(true|false|1|0|on|off|yes|no)$/i.test(value)) return flag ?? false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/**
 * Reads the session secret: SESSION_SECRET when set, otherwise one generated on first boot and
 * kept in DATA_DIR (mode 0600) so sessions survive restarts.
 */
export function resolveSessionSecret(dataDir: string, explicit: string | undefined): string {
  if (explicit) return explicit;
  makePrivateDir(dataDir);
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

const oauthPrefix = (name: OAuthProviderName) => `OAUTH_${name.toUpperCase()}_`;

/** Variables that only make sense together: a partial set is a mistake, not "off". */
const VARIABLE_GROUPS: string[][] = [
  ['SIGMA_EMBED_CLIENT_ID', 'SIGMA_EMBED_SECRET', 'SIGMA_ORG_SLUG'],
  ['TLS_CERT_FILE', 'TLS_KEY_FILE'],
  // Stripe's renewals reach the app only through its webhook: no secret, no Stripe.
  ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  ...OAUTH_PROVIDER_NAMES.map((name) =>
    ['CLIENT_ID', 'CLIENT_SECRET', ...(DEFAULT_ISSUERS[name] ? [] : ['ISSUER'])].map(
      (part) => `${oauthPrefix(name)}${part}`,
    ),
  ),
];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Issuers must be https; plain http is tolerated only on this machine (a local test server). */
export function isAllowedIssuer(issuer: string): boolean {
  if (!URL.canParse(issuer)) return false;
  const url = new URL(issuer);
  return (
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  );
}

/** The certificate pair, read now so a wrong path stops the boot with the variable's name. */
function readTls(
  certFile: string | undefined,
  keyFile: string | undefined,
  problems: string[],
): Config['tls'] {
  if (!certFile || !keyFile) return null;
  const readPem = (name: string, file: string, marker: RegExp): Buffer | null => {
    try {
      const pem = readFileSync(file);
      if (marker.test(pem.toString('latin1'))) return pem;
      problems.push(`${name}: ${file} is not a PEM file`);
    } catch (error) {
      problems.push(`${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    }
    return null;
  };
  const cert = readPem('TLS_CERT_FILE', certFile, /-----BEGIN CERTIFICATE-----/);
  const key = readPem('TLS_KEY_FILE', keyFile, /-----BEGIN [A-Z ]*PRIVATE KEY-----/);
  return cert && key ? { cert, key } : null;
}

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
  const oauthProviders: OAuthProviderConfig[] = [];
  for (const name of OAUTH_PROVIDER_NAMES) {
    const clientId = read(`${oauthPrefix(name)}CLIENT_ID`);
    const clientSecret = read(`${oauthPrefix(name)}CLIENT_SECRET`);
    const issuer = read(`${oauthPrefix(name)}ISSUER`) ?? DEFAULT_ISSUERS[name];
    const label = read(`${oauthPrefix(name)}NAME`) ?? DEFAULT_LABELS[name];
    if (issuer !== undefined && !isAllowedIssuer(issuer)) {
      problems.push(
        `${oauthPrefix(name)}ISSUER: must be an https URL (http only for localhost), got ${issuer}`,
      );
    } else if (clientId && clientSecret && issuer) {
      oauthProviders.push({
        name,
        label,
        clientId,
        clientSecret,
        issuer: issuer.replace(/\/$/, ''),
      });
    }
  }
  const sigmaWorkbooks = parseSigmaWorkbooks(read('SIGMA_WORKBOOKS'), problems);
  const tls = readTls(read('TLS_CERT_FILE'), read('TLS_KEY_FILE'), problems);
  const stripePrices = read('STRIPE_SECRET_KEY')
    ? parseStripePrices(read('STRIPE_PRICES'), problems)
    : {};
  if (problems.length > 0 || !parsed.success) throw new ConfigError(problems);
  const raw = parsed.data;

  const dataDir = resolve(raw.DATA_DIR);
  const sessionSecret = resolveSessionSecret(dataDir, raw.SESSION_SECRET);
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

  return {
    nodeEnv: raw.NODE_ENV ?? 'development',
    port: Number(raw.PORT),
    host: raw.HOST,
    // Unset, the public URL is this machine on the configured port.
    appUrl: (raw.APP_URL ?? `${tls ? 'https' : 'http'}://localhost:${raw.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    database: raw.DATABASE_URL ? 'postgres' : 'pglite',
    sessionSecret,
    encryptionKey,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    supportEmail: raw.SUPPORT_EMAIL,
    tls,
    brandUrl: raw.BRAND_URL ?? null,
    accountRetentionDays: raw.ACCOUNT_RETENTION_DAYS,
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
    providers: {
      mail: raw.SMTP_URL ? 'smtp' : 'outbox',
      billing: stripe ? 'stripe' : 'local',
      analytics: sigma ? 'sigma' : 'local',
    },
  };
}
