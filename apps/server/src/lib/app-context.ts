import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { BillingProvider } from '../features/billing/billing-provider';
import type { LiveSessions } from './live-sessions';
import {
  createOutboxTransport,
  createSmtpTransport,
  type MailTransport,
} from './mail/mail-transport';

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

export function createMailTransport(
  config: Config,
  db: Db,
  logger: FastifyBaseLogger,
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createOutboxTransport(db, config.mailFrom, logger);
}
