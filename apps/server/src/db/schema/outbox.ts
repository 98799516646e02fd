import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Mail kept instead of sent when no SMTP server is configured (its links go to the log). */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  from: text('from').notNull(),
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  template: text('template').notNull(),
  locale: text('locale').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
