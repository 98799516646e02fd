import { z } from 'zod';
import { providerVariables } from './env-providers';
import { booleanFlag, optionalString, optionalUrl } from './env-values';

export { ConfigError, isOn, optionalString, parseTrustProxy } from './env-values';

/** Every variable the server reads, with its default; docs in docs/operations.md#configuration. */
export const EnvSchema = z.object({
  ...providerVariables,
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
  EMBED_URL: z
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
  // The audit log's key (docs/security.md#audit-log): each row's hash is an HMAC with it, so
  // whoever can write the database but does not hold the key cannot forge a row. Unset, one is
  // generated into DATA_DIR; instances sharing one PostgreSQL must share it.
  AUDIT_KEY: optionalString.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  // Where the audit log's chain heads are appended (default DATA_DIR/audit-anchors).
  AUDIT_ANCHOR_FILE: optionalString,
  // The operators' addresses, comma-separated: the audit log's anchors are mailed there when
  // SMTP_URL is set.
  OPERATOR_EMAIL: optionalString.refine(
    (v) =>
      v === undefined ||
      v.split(',').every((address) => /^[^\s@,]+@[^\s@,]+$/.test(address.trim())),
    { message: 'must be one or more e-mail addresses, comma-separated' },
  ),
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
  // How long the audit log keeps a row; then the retention purge removes it and leaves a
  // checkpoint (docs/security.md#audit-log). The database refuses to remove rows younger than 30.
  AUDIT_RETENTION_DAYS: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 30 && Number(v) <= 36500), {
      message: 'must be a whole number of days (30-36500)',
    })
    .transform((v) => (v === undefined ? 365 : Number(v))),
  // How often each instance runs its background jobs (billing renewals, the retention purge).
  // Every instance may run them at once: each job takes its rows with SKIP LOCKED.
  JOB_INTERVAL_SECONDS: optionalString
    .refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 3600), {
      message: 'must be a whole number of seconds (1-3600)',
    })
    .transform((v) => (v === undefined ? 60 : Number(v))),
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
  // Calls a minute one API key may make (docs/product.md#api-keys); 600 unless set.
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).optional(),
  // Report files (docs/analytics.md#importing-report-data): the largest upload taken, refused
  // with 413 before it is read; and the size above which the API answers 202 with a status URL
  // once the file is in and checked, instead of waiting for its rows to be written.
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10 * 1024 ** 3)
    .optional(),
  IMPORT_ASYNC_BYTES: z.coerce.number().int().min(0).optional(),
  // URLs the server fetches for someone (an IdP's metadata) may reach private and loopback
  // addresses: development and tests only (docs/security.md#urls-we-fetch-are-public).
  ALLOW_PRIVATE_OUTBOUND: booleanFlag,
  // Who is asked for the TXT records that prove an SSO domain (docs/product.md#single-sign-on):
  // comma-separated `address` or `address:port`; unset, the system's resolvers.
  DNS_SERVERS: optionalString.refine(
    (v) =>
      v === undefined ||
      v
        .split(',')
        .every((server) =>
          /^(?:[\d.]+|\[[\da-f:]+\])(?::\d{1,5})?$|^[\da-f:]+$/i.test(server.trim()),
        ),
    { message: 'must be comma-separated IP addresses, each with an optional :port' },
  ),
});

/** The environment as parsed: every variable with its default applied. */
export type Env = z.output<typeof EnvSchema>;
