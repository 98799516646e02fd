import Fastify from 'fastify';
import type { Database } from '../src/db/client';
import { createAuditAnchors, type AppContext } from '../src/lib/app-context';
import { createBillingProvider } from '../src/features/billing/create-billing-provider';
import { LiveSessions } from '../src/lib/live-sessions';
import { createMailQueue } from '../src/lib/mail/mail-transport';
import { createTestConfig } from './test-config';

/** What services get from the app, for calling a service directly: mail lands in the outbox. */
export function createTestContext(database: Database, now: () => Date = () => new Date()) {
  const config = createTestConfig();
  // A silent logger of the kind Fastify hands services.
  const log = Fastify({ logger: false }).log;
  const mail = createMailQueue(database.db, config.mailFrom);
  const ctx: AppContext = {
    db: database.db,
    config,
    mail,
    billing: createBillingProvider(config, database.db, now),
    now,
    log,
    sessions: new LiveSessions(database.db, database.changes),
    auditAnchors: createAuditAnchors(config, database.db, { log, now, mail }),
    copyCsv: database.copyCsv,
  };
  return ctx;
}
