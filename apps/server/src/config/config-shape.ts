import type { VolumeFloors } from '@partner-portal/shared/insight-rules';
import type { StripePrices } from '../features/billing/stripe/stripe-prices';
import type { WorkGateLimits } from '../lib/work-gate';
import type { OAuthProviderConfig } from './oauth';
import type { SigmaWorkbookConfig } from './sigma';
import type { TlsFiles } from './tls';

/** The server's settings as the code reads them, made once at boot by loadConfig (config.ts). */
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
  /** ALLOW_PRIVATE_OUTBOUND: fetched URLs may reach private addresses (development, tests). */
  allowPrivateOutbound: boolean;
  /** DNS_SERVERS: who is asked for SSO domains' TXT records; empty: the system's resolvers. */
  dnsServers: string[];
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
