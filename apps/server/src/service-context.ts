import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { afterReportImport } from './report-readers';
import { createBillingProvider } from './features/billing/create-billing-provider';
import { createAuditAnchors, createMailTransport, type AppContext } from './lib/app-context';
import { AnswerCache } from './lib/answer-cache';
import { LiveSessions } from './lib/live-sessions';

/**
 * What services need, outside a running server (an admin command, a bench, a test calling a
 * service directly): mail is queued in the outbox, sessions are checked against the database
 * (nothing listens for their changes).
 */
export function createServiceContext(
  database: Database,
  config: Config,
  deps: { log: FastifyBaseLogger; now: () => Date },
): AppContext {
  const { log, now } = deps;
  const mail = createMailTransport(config, database.db);
  return {
    db: database.db,
    config,
    mail,
    billing: createBillingProvider(config, database.db, now),
    now,
    log,
    sessions: new LiveSessions(database.db, database.changes),
    auditAnchors: createAuditAnchors(config, database.db, { log, now, mail }),
    copyCsv: database.copyCsv,
    answerCache: new AnswerCache(),
    reportImported: afterReportImport,
  };
}
