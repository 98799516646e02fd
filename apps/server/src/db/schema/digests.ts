import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { DigestFrequency } from '@partner-portal/shared/digests';
import { accounts } from './accounts';
import { users } from './users';

/**
 * What becomes of a digest: waiting for the job (`pending`, also between retries), handed to the
 * mail outbox (`sent`), not sent because there was nothing to tell or nobody to tell it to
 * (`skipped`), or given up after repeated failures (`failed`, the operator's to look at).
 */
export const DIGEST_DELIVERY_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type DigestDeliveryStatus = (typeof DIGEST_DELIVERY_STATUSES)[number];

/**
 * One report digest per user and period (docs/product.md#report-digests). The unique key is what
 * makes several instances, or a job run twice, send each digest once: a period is claimed by
 * inserting its row, and sent by the transaction that also queues the mail.
 */
export const digestDeliveries = pgTable(
  'digest_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `weekly:2026-11-16` and the like (features/digests/digest-periods.ts). */
    periodKey: text('period_key').notNull(),
    frequency: text('frequency').$type<DigestFrequency>().notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** 08:00 in the user's zone on the send day. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status').$type<DigestDeliveryStatus>().notNull().default('pending'),
    /** Why a digest was skipped: `no_data`, `no_account`, `unsubscribed`. */
    skipReason: text('skip_reason'),
    /** The account whose reports it told of, once built. */
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('digest_deliveries_user_period_idx').on(table.userId, table.periodKey),
    index('digest_deliveries_pending_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
