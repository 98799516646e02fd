import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { BillingProvider } from '../features/billing/billing-provider';
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
}

/** Mail goes into the outbox; the app's dispatcher delivers it (lib/mail/mail-dispatcher.ts). */
export function createMailTransport(config: Config, db: Db): MailTransport {
  return createMailQueue(db, config.mailFrom);
}

/**
 * The context with its queries — the mail a service queues included — inside transaction `tx`,
 * so a change and the mail that tells of it are saved together or not at all.
 */
export function inTransaction(ctx: AppContext, tx: Db): AppContext {
  return { ...ctx, db: tx };
}
