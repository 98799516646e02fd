import { Server as HttpServer } from 'node:http';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { saveGeneratedSecrets } from './config/data-dir-secret';
import { applyEnvFile } from './config/env-file';
import { serveAdminSocket } from './db/admin-socket';
import { serverCommandRunner } from './cli/server-command-runner';
import { openDatabase } from './db/client';
import { holdDataDir } from './db/data-dir-lock';
import { Readiness } from './features/health/readiness';
import { trackHttp2Sessions } from './lib/http2-sessions';
import { flushLog } from './lib/logger';
import { startShutdownWatchdog } from './lib/shutdown-watchdog';
import { migrateDatabase } from './db/migrate';
import { seedDemoData } from './db/seed/demo-seed';
import { localProcessorKey } from './features/billing/create-billing-provider';
import { analyticsProvider, listCatalogue } from './features/analytics/workbook-catalogue';

// config → database → migrate → app → listen; SIGTERM/SIGINT turn /api/ready to 503, stop
// accepting, let in-flight requests finish (app.close), close the database and exit 0.
// The process is gone within SHUTDOWN_TIMEOUT_MS of the first signal, whatever holds it.
const SHUTDOWN_TIMEOUT_MS = 10_000;
// The drain gives up here, leaving the rest of the budget to the exit itself.
const DRAIN_TIMEOUT_MS = SHUTDOWN_TIMEOUT_MS - 1_000;
// The watchdog's kill, for a main thread too stuck to run the drain's own timer.
const WATCHDOG_MS = SHUTDOWN_TIMEOUT_MS - 500;
// How long the last log lines may wait for a slow stdout reader before the exit drops them.
const LOG_FLUSH_MS = 500;

async function main(): Promise<void> {
  let config;
  let envFile;
  try {
    envFile = applyEnvFile();
    config = loadConfig();
  } catch (error) {
    // A bad configuration, or an ENV_FILE that is not there: say so and stop.
    if (error instanceof ConfigError || (error instanceof Error && envFile === undefined)) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  saveGeneratedSecrets(config);
  // The embedded database belongs to this process alone while it runs.
  const releaseDataDir = config.databaseUrl ? () => undefined : holdDataDir(config.dataDir);
  const database = await openDatabase(config);
  // Instances booting together on one PostgreSQL take turns: one migrates, one seeds.
  await database.exclusive(() => migrateDatabase(database));
  const readiness = new Readiness();
  const app = await buildApp({ config, database, runJobs: true, readiness });
  if (envFile) {
    // Names only: a value may be a secret.
    app.log.info(
      { file: envFile.file, variables: envFile.applied },
      'configuration read from .env',
    );
  }
  if (config.databaseUrl && config.auditKeySource !== 'env') {
    // Each instance has a DATA_DIR of its own: keys made there differ, and rows keyed by one
    // instance would fail `audit-verify` run with another's (docs/security.md#audit-log).
    app.log.warn('AUDIT_KEY is unset: instances sharing this database must share one AUDIT_KEY');
  }
  if (config.demoSeed) {
    await database.exclusive(async () => {
      const catalogue = await listCatalogue(database.db, analyticsProvider(config));
      await seedDemoData(database.db, {
        now: new Date(),
        firstPlusWorkbookId:
          catalogue.find((workbook) => workbook.kind === 'plus')?.workbookId ?? null,
        log: app.log,
        // Demo payments live in the built-in processor; with Stripe, Northwind starts on Core.
        billingKey: config.stripe ? null : localProcessorKey(config),
      });
    });
  }

  // `npm run admin` cannot open the embedded database while this process has it: its backups
  // and commands are asked of this process instead.
  const adminSocket =
    database.kind === 'pglite'
      ? await serveAdminSocket(
          config.dataDir,
          { dump: () => database.dump(), run: serverCommandRunner(database, config) },
          app.log,
        ).catch((error: unknown) => {
          app.log.warn(
            { err: error },
            'admin socket not started: `npm run admin` needs the server stopped',
          );
          return null;
        })
      : null;

  const http2Sessions = trackHttp2Sessions(app.server);
  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    // First: anything below may be what blocks the main thread.
    startShutdownWatchdog(WATCHDOG_MS);
    readiness.drain();
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long: exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    timer.unref();
    // Node closes the keep-alive connections that are idle when closing starts; one busy then
    // would idle afterwards and hold the close open for its keep-alive timeout. Reap those too.
    // With TLS the server is an HTTP/2 one, which tracks its HTTP/1.1 connections the same way
    // but lacks the method: http.Server's works on both. Fastify closes HTTP/2 sessions itself.
    const reaper = setInterval(
      () => HttpServer.prototype.closeIdleConnections.call(app.server),
      100,
    );
    reaper.unref();
    const closing = app.close();
    http2Sessions.closeAll();
    closing
      .then(() => adminSocket?.close())
      .then(() => database.close())
      .then(() => {
        releaseDataDir();
        return flushLog(LOG_FLUSH_MS);
      })
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.appUrl, database: database.kind, providers: config.providers },
    `Partner Portal is ready on ${config.appUrl}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
