import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { BillingProvider } from './billing-provider';
import type { AnswerCache } from './answer-cache';
import { AuditAnchors } from './audit-anchor';
import type { LiveSessions } from './live-sessions';
import { createMailQueue, type MailTransport } from './mail/mail-transport';

/** What services need from the app, passed explicitly (no decorators). */
export interface AppContext {
  db: Db;
  config: Config;
  mail: MailTransport;
  /** The payment provider: Stripe, or the built-in card processor (docs/billing.md). */
  billing: BillingProvider;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Live sessions and their current user, cached per instance (lib/live-sessions.ts). */
  sessions: LiveSessions;
  /** The audit log's anchors outside the database (lib/audit-anchor.ts). */
  auditAnchors: AuditAnchors;
  /** The bulk path into a table (Database.copyCsv): report files' rows. */
  copyCsv: Database['copyCsv'];
  /** Answers computed from versioned data, kept in this instance's memory (lib/answer-cache.ts). */
  answerCache: AnswerCache;
  /**
   * What reads an account's new report rows once an import has committed them (its metric
   * alerts): given where the context is made, so the import need not know who reads after it.
   */
  reportImported: (ctx: AppContext, accountId: string) => Promise<unknown>;
}

/** Mail goes into the outbox; the app's dispatcher delivers it (lib/mail/mail-dispatcher.ts). */
export function createMailTransport(config: Config, db: Db): MailTransport {
  return createMailQueue(db, config.mailFrom);
}

/** Anchors to AUDIT_ANCHOR_FILE and the log, mailed to OPERATOR_EMAIL only when SMTP is set. */
export function createAuditAnchors(
  config: Config,
  db: Db,
  deps: { log: FastifyBaseLogger; now: () => Date; mail: MailTransport },
): AuditAnchors {
  return new AuditAnchors({
    db,
    key: config.auditKey,
    file: config.auditAnchorFile,
    ...deps,
    mailTo: config.smtpUrl ? config.operatorEmails : [],
  });
}

/**
 * The context with its queries — the mail a service queues included — inside transaction `tx`,
 * so a change and the mail that tells of it are saved together or not at all.
 */
export function inTransaction(ctx: AppContext, tx: Db): AppContext {
  return { ...ctx, db: tx };
}
