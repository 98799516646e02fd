import { z } from 'zod';
import { DEFAULT_SIGMA_ACCOUNT_TYPE, DEFAULT_SIGMA_PLUS_TEAM } from './sigma';

/** Boot stops with this when the environment is wrong; its message lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const optionalString = z
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

/** Every variable the server reads, with its default; docs in docs/operations.md#configuration. */
export const EnvSchema = z.object({
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
  // The insights' optional AI summary: an OpenAI-compatible chat endpoint (Ollama, llama.cpp,
  // vLLM, LM Studio) and the model to ask; the key only if the endpoint wants one.
  AI_BASE_URL: optionalUrl(['http:', 'https:']),
  AI_MODEL: z.string().trim().min(1).max(200).optional(),
  AI_API_KEY: optionalString,
  // The insights' volume gates, as JSON: any of impressions, clicks, conversions, money and
  // moneyShare (docs/insights.md); the rest keep their defaults.
  INSIGHT_VOLUME_FLOORS: optionalString
    .transform((text, context) => {
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .strictObject({
          impressions: z.number().min(0).optional(),
          clicks: z.number().min(0).optional(),
          conversions: z.number().min(0).optional(),
          money: z.number().min(0).optional(),
          moneyShare: z.number().min(0).max(1).optional(),
        })
        .optional(),
    ),
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
});

export function isOn(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  return /^(true|1|on|yes)$/i.test(value);
}

export function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined) return false;
  const flag = isOn(value);
  if (/^(true|false|1|0|on|off|yes|no)$/i.test(value)) return flag ?? false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}
