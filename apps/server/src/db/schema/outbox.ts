import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The headers a mail may add to the usual ones: one-click unsubscribe (RFC 8058). */
export type MailHeaders = Partial<Record<'List-Unsubscribe' | 'List-Unsubscribe-Post', string>>;

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's text (UTF-8). */
  content: string;
}

/**
 * Every mail, written in the transaction of the change it tells about and delivered after the
 * commit by lib/mail/mail-dispatcher.ts (to SMTP, or to the log without one). A crash after the
 * commit still sends it; a failed change sends nothing.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    /** Extra headers (List-Unsubscribe for the report digest), checked when queued. */
    headers: jsonb('headers').$type<MailHeaders>(),
    /** Small text files sent with the mail (the digest's CSV). */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery tries so far; a dispatcher takes a row by bumping it and leasing the row. */
    attempts: integer('attempts').notNull().default(0),
    /** When the row may be taken next: now for a new mail, later for a retry or a lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Set when the dispatcher gives up (too many failures): the operator's to look at. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
