import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES } from '@partner-portal/shared/constants';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerRequestLocale } from './lib/request-locale';
import { accountRoutes } from './features/account/account.routes';
import { sigmaWorkbookRoutes } from './features/analytics/sigma-workbook.routes';
import { apiKeyRoutes } from './features/api-keys/api-key.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { consoleAccountRoutes } from './features/master/console-accounts.routes';
import { consoleEventRoutes } from './features/master/console-events.routes';
import { consoleFeedbackRoutes } from './features/master/console-feedback.routes';
import { consoleRoutes } from './features/master/console.routes';
import { consoleUserRoutes } from './features/master/console-users.routes';
import { embedDataRoutes } from './features/analytics/embed-data.routes';
import { reportImportRoutes } from './features/analytics/report-import.routes';
import { reportRoutes } from './features/analytics/reports.routes';
import { sweepImportJobs } from './features/analytics/report-import-job.service';
import { syncConfiguredCatalogue } from './features/analytics/workbook-catalogue';
import { authRoutes } from './features/auth/auth.routes';
import type { BillingProvider } from './lib/billing-provider';
import { billingRoutes } from './features/billing/billing.routes';
import { localProcessorRoutes } from './features/billing/local-processor/local-processor.routes';
import { createBillingProvider } from './features/billing/create-billing-provider';
import { webhookRoutes } from './features/billing/stripe/stripe-webhook.routes';
import { eventRoutes } from './features/events/events.routes';
import { healthRoutes } from './features/health/health.routes';
import { startBackgroundJobs } from './background-jobs';
import { clientErrorHandler } from './lib/client-error';
import { Readiness } from './features/health/readiness';
import { readyRoutes } from './features/health/ready.routes';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { digestRoutes } from './features/digests/digest.routes';
import { insightRoutes } from './features/insights/insights.routes';
import { feedbackRoutes } from './features/support/feedback.routes';
import { supportMailRoutes } from './features/support/support-mail.routes';
import { inviteRoutes } from './features/team/invite.routes';
import { teamRoutes } from './features/team/team.routes';
import { accountSecurityRoutes } from './features/account-security/account-security.routes';
import { userRoutes } from './features/user/user.routes';
import { samlRoutes } from './features/sso/saml.routes';
import { ssoSettingsRoutes } from './features/sso/sso.routes';
import { ssoSignInRoutes } from './features/sso/sso-signin.routes';
import { oidcCallbackRoutes } from './features/sso/oidc-callback.routes';
import { SsoOidcClients } from './features/sso/sso-oidc';
import { SsoSaml } from './features/sso/sso-saml';
import { scimRoutes } from './features/scim/scim.routes';
import { oidcRedirectUri } from './features/sso/service-provider-urls';
import { createAuditAnchors, createMailTransport, type AppContext } from './lib/app-context';
import { installAuditKey } from './lib/audit-hash';
import { MailDispatcher } from './lib/mail/mail-dispatcher';
import { WebhookDispatcher } from './features/webhooks/webhook-dispatcher';
import { webhookEndpointRoutes } from './features/webhooks/webhooks.routes';
import { alertRoutes } from './features/alerts/alerts.routes';
import { afterReportImport } from './report-readers';
import { createMailDelivery, type MailTransport } from './lib/mail/mail-transport';
import { OidcClients } from './features/social/oidc-clients';
import {
  signInOptionsOf,
  socialProviderRoutes,
  socialRoutes,
} from './features/social/social.routes';
import { createAccountLimits } from './lib/account-rate-limit';
import { createDeviceCookies } from './lib/device-cookie';
import { registerAuthGuard } from './lib/auth-guard';
import { registerSupportSessionAudit } from './lib/support-session-audit';
import { KeyUsage } from './lib/key-usage';
import { LiveKeys } from './lib/live-keys';
import { LiveSessions } from './lib/live-sessions';
import { registerCompression } from './lib/compression';
import { registerErrorHandler } from './lib/error-handler';
import { registerMetrics } from './lib/metrics';
import { lazyRequestLogger } from './lib/lazy-request-logger';
import { loggerOptions } from './lib/logger';
import { DebugRequestLog } from './lib/request-log';
import { configurePasswordHashing } from './lib/password';
import { AnswerCache } from './lib/answer-cache';
import { registerRateLimit } from './lib/rate-limit';
import { createResponseSerializer } from './lib/response-serializer';
import { registerSecurityHeaders } from './lib/security-headers';
import { DEFAULT_WEB_DIST, registerSpa } from './lib/spa';
import { registerXsrf } from './lib/xsrf';

export interface AppDeps {
  config: Config;
  database: Database;
  /** pino options or a logger instance; tests pass false or a stream-backed logger. */
  logger?: FastifyServerOptions['logger'];
  /** Where the built SPA lives (tests point it at a fixture). */
  webDistDir?: string;
  /** The clock for session checks (tests move it). */
  now?: () => Date;
  /** Where services queue mail; by default the outbox. */
  mail?: MailTransport;
  /** The payment provider; by default from config (tests pass one aimed at a fake Stripe). */
  billing?: BillingProvider;
  /** Runs background jobs (the built-in processor's renewals); the server does, tests do not. */
  runJobs?: boolean;
  /** Prefix for Redis keys, so parallel test runs on one Redis do not share counters. */
  redisNamespace?: string;
  /** How often API-key use is written (tests shorten it). */
  keyUsageFlushMs?: number;
  /** Turned to draining by the server on SIGTERM, so /api/ready answers 503. */
  readiness?: Readiness;
}

/** How often each instance writes its keys' call counts and last use. */
const KEY_USAGE_FLUSH_MS = 5_000;

/** TRUST_PROXY as a hop count becomes a function: Fastify's types take no plain number. */
function trustProxyOption(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/**
 * With a certificate, HTTPS with HTTP/2 for browsers (a first load asks for some 60 module files,
 * which HTTP/1.1 queues six at a time) and HTTP/1.1 for clients without it. Fastify types an
 * HTTP/2 app with its own request and reply types, but its compatibility layer hands every hook
 * and route the same shapes, so the app keeps one type.
 */
function transportOptions(tls: Config['tls']): FastifyServerOptions {
  return tls
    ? ({
        http2: true,
        https: { allowHTTP1: true, cert: tls.cert, key: tls.key },
      } as FastifyServerOptions)
    : {};
}

/** Builds the whole app without listening (style doc: app.ts builds, server.ts listens). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  configurePasswordHashing(config.passwordHashing);
  installAuditKey(config.auditKey);
  const app = Fastify({
    ...transportOptions(config.tls),
    logger: deps.logger ?? loggerOptions(config.logLevel, { pretty: config.logPretty }),
    logController: new DebugRequestLog(),
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler,
  });
  // The API speaks JSON only (multipart is added per route where files are accepted): anything
  // else, including Fastify's default text/plain parser, is a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ selfCheck: config.nodeEnv === 'test' }));
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  registerRequestLocale(app);
  registerErrorHandler(app);
  await registerCompression(app);
  registerSecurityHeaders(app, config);
  await app.register(cookie);
  registerXsrf(app, { secureCookie: config.appUrl.startsWith('https://') });
  const redis = await registerRateLimit(app, {
    redisUrl: config.redisUrl,
    redisNamespace: deps.redisNamespace,
  });
  await database.listen();
  const sessions = new LiveSessions(database.db, database.changes);
  const keys = new LiveKeys(database.db, database.changes);
  const keyUsage = new KeyUsage(database.db);
  const usageFlush = setInterval(() => {
    keyUsage.flush().catch((error: unknown) => app.log.warn({ err: error }, 'key usage not saved'));
  }, deps.keyUsageFlushMs ?? KEY_USAGE_FLUSH_MS);
  usageFlush.unref();
  app.addHook('onClose', async () => {
    clearInterval(usageFlush);
    sessions.close();
    keys.close();
    await keyUsage.flush();
  });
  registerMetrics(app, { token: config.metricsToken, database, sessions });
  registerAuthGuard(app, {
    db: database.db,
    sessions,
    keys,
    keyUsage,
    keyRateLimit: config.apiKeyRateLimit,
    sessionSecret: config.sessionSecret,
    now: deps.now,
  });
  registerSupportSessionAudit(app, database.db, deps.now ?? (() => new Date()));

  const mail = deps.mail ?? createMailTransport(config, database.db);
  const now = deps.now ?? (() => new Date());
  const ctx: AppContext = {
    db: database.db,
    config,
    mail,
    billing: deps.billing ?? createBillingProvider(config, database.db, now),
    now,
    log: app.log,
    sessions,
    auditAnchors: createAuditAnchors(config, database.db, { log: app.log, now, mail }),
    copyCsv: database.copyCsv,
    answerCache: new AnswerCache(),
    reportImported: afterReportImport,
  };

  await database.exclusive(() => syncConfiguredCatalogue(database.db, config));
  // Tests without jobs send queued webhooks by draining one of their own.
  const webhooks = deps.runJobs ? new WebhookDispatcher(ctx) : null;
  if (deps.runJobs) {
    let stopJob: (() => Promise<void>) | null = null;
    // Tests without jobs read queued mail from the outbox instead.
    const delivery = createMailDelivery(config.smtpUrl, app.log);
    const dispatcher = new MailDispatcher(database.db, delivery, app.log);
    app.addHook('onReady', async () => {
      // One process owns the embedded database: an upload still running in it at boot was this
      // process's before it stopped, and nothing will finish it.
      await sweepImportJobs(ctx, {
        everyJobIsDead: database.kind === 'pglite',
        clearOrphans: true,
      });
      stopJob = startBackgroundJobs(ctx, config.jobIntervalMs);
      dispatcher.start(database.onMailQueued);
      webhooks?.start(database.onWebhookQueued);
    });
    app.addHook('onClose', async () => {
      await stopJob?.();
      await dispatcher.stop();
      await webhooks?.stop();
      await delivery.close();
    });
  }

  await app.register(healthRoutes, { prefix: '/api/health', config, database });
  await app.register(readyRoutes, {
    prefix: '/api/ready',
    database,
    redis,
    readiness: deps.readiness ?? new Readiness(),
  });
  const limits = createAccountLimits(
    app,
    createDeviceCookies({
      sessionSecret: config.sessionSecret,
      secure: config.appUrl.startsWith('https://'),
      now: ctx.now,
    }),
  );
  await app.register(authRoutes, { prefix: '/api/auth', ctx, limits });
  await app.register(accountRoutes, { prefix: '/api/account', ctx, limits });
  await app.register(billingRoutes, { prefix: '/api/account/billing', ctx });
  await app.register(webhookRoutes, { prefix: '/api/webhook', ctx });
  if (ctx.billing.kind === 'local') {
    await app.register(localProcessorRoutes, { prefix: '/api/billing/local', ctx });
  }
  await app.register(userRoutes, { prefix: '/api/user', ctx, limits });
  await app.register(eventRoutes, { prefix: '/api/event', ctx });
  await app.register(notificationRoutes, { prefix: '/api/notification', ctx });
  await app.register(digestRoutes, { prefix: '/api/digest', ctx });
  await app.register(insightRoutes, { prefix: '/api/insights', ctx });
  // The member list. Removing a member (DELETE /api/user/:id) and the permission list
  // (GET /api/user/permissions) share /api/user's prefix, so userRoutes registers them.
  await app.register(teamRoutes, { prefix: '/api/account/users', ctx });
  await app.register(accountSecurityRoutes, { prefix: '/api/account/security', ctx });
  await app.register(ssoSettingsRoutes, { prefix: '/api/account/sso', ctx });
  const ssoClients = new SsoOidcClients(
    config.encryptionKey,
    oidcRedirectUri(config.appUrl),
    config.allowPrivateOutbound,
  );
  const ssoSaml = new SsoSaml(ctx.db, config.appUrl, config.encryptionKey, ctx.now);
  await app.register(samlRoutes, { prefix: '/api/sso/saml', ctx, saml: ssoSaml });
  await app.register(ssoSignInRoutes, {
    prefix: '/api/auth/sso',
    ctx,
    clients: ssoClients,
    saml: ssoSaml,
  });
  await app.register(oidcCallbackRoutes, { prefix: '/api/sso/oidc', ctx, clients: ssoClients });
  await app.register(scimRoutes, { prefix: '/scim/v2', ctx });
  await app.register(inviteRoutes, { prefix: '/api/invite', ctx });
  await app.register(apiKeyRoutes, { prefix: '/api/key', ctx });
  await app.register(alertRoutes, { prefix: '/api/alerts', ctx });
  await app.register(webhookEndpointRoutes, {
    prefix: '/api/webhooks',
    ctx,
    onQueued: () => webhooks?.poke(),
  });
  await app.register(auditRoutes, { prefix: '/api/audit', ctx });
  await app.register(consoleRoutes, { prefix: '/api/master', ctx });
  await app.register(consoleAccountRoutes, { prefix: '/api/master/accounts', ctx });
  await app.register(consoleUserRoutes, { prefix: '/api/master/users', ctx });
  await app.register(consoleFeedbackRoutes, { prefix: '/api/master/feedback', ctx });
  await app.register(consoleEventRoutes, { prefix: '/api/master/events', ctx });
  // DELETE /api/account, DELETE /api/user; POST /api/utility/mail, /api/feedback (full paths).
  await app.register(supportMailRoutes, { prefix: '/api/utility/mail', ctx });
  await app.register(feedbackRoutes, { prefix: '/api/feedback', ctx });
  await app.register(sigmaWorkbookRoutes, { prefix: '/api/sigma/workbook', ctx });
  await app.register(embedDataRoutes, { prefix: '/api/embed', ctx });
  await app.register(reportImportRoutes, { prefix: '/api/account/data/imports', ctx });
  await app.register(reportRoutes, { prefix: '/api/reports', ctx });
  const oidcClients = new OidcClients(
    config.oauthProviders,
    (provider) => `${config.appUrl}/auth/${provider}/callback`,
  );
  await app.register(socialProviderRoutes, {
    prefix: '/api/auth/providers',
    ctx,
    clients: oidcClients,
  });
  await app.register(socialRoutes, { prefix: '/auth', ctx, clients: oidcClients });

  await registerSpa(app, deps.webDistDir ?? DEFAULT_WEB_DIST, signInOptionsOf(oidcClients, config));
  return app;
}
