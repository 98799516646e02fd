import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus } from '@partner-portal/shared/webhooks';
import { accounts } from './accounts';
import { users } from './users';

/**
 * An account's outbound webhook endpoint (docs/product.md#webhooks). The signing secret is kept
 * sealed (lib/secret-box.ts); after a rotation the previous one signs too until it expires.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** 'manual' or 'failing' while disabled. */
    disabledReason: text('disabled_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webhook_endpoints_account_idx').on(table.accountId)],
);

/**
 * One event, written in the transaction of the change it tells about (the transactional outbox):
 * `id` is the Standard Webhooks message id every try and every endpoint sees, `payload` the body
 * sent as it is. `dedupeKey` stops a second writer telling the same news (an invoice paid, seen
 * by both the request and the provider's webhook).
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('webhook_messages_dedupe_idx')
      .on(table.accountId, table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
  ],
);

/**
 * One message to one endpoint, and how its tries went. A dispatcher takes a due row with FOR
 * UPDATE SKIP LOCKED and a lease (next_attempt_at moved past the try), so one instance sends it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** A failure after this gives the delivery up (and, for an event's own delivery, the endpoint). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    /** A try asked for by hand (retry): its failure gives up only itself. */
    manual: boolean('manual').notNull().default(false),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt),
    uniqueIndex('webhook_deliveries_once_idx').on(table.endpointId, table.messageId),
  ],
);
