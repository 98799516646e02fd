import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AUDIT_ACTOR_TYPES, AUDIT_OUTCOMES } from '@partner-portal/shared/audit';

/**
 * docs/security.md#audit-log: who did what, append-only. Rows are chained by hash per account
 * (`chain`: the account id, or `-` for rows of no account): each row's `hash` covers its fields
 * and the previous row's hash, so an edited or removed row breaks the chain. A trigger
 * (drizzle/0011_audit_events.sql) refuses UPDATE and DELETE but the retention purge's; no foreign
 * keys, so an audit row outlives the account, user or key it names.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chain: text('chain').notNull(),
    seq: integer('seq').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    accountId: uuid('account_id'),
    actorType: text('actor_type').$type<(typeof AUDIT_ACTOR_TYPES)[number]>().notNull(),
    actorId: uuid('actor_id'),
    actorLabel: text('actor_label'),
    onBehalfOf: uuid('on_behalf_of'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    outcome: text('outcome').$type<(typeof AUDIT_OUTCOMES)[number]>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    sessionId: uuid('session_id'),
    keyId: uuid('key_id'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
  },
  (table) => [
    uniqueIndex('audit_events_chain_seq_idx').on(table.chain, table.seq),
    index('audit_events_account_at_idx').on(table.accountId, table.at),
    // The newest rows of a chain by time: the repeated-read lookup and the retention purge.
    index('audit_events_chain_at_idx').on(table.chain, table.at),
  ],
);

/**
 * How many more times a read (an export, an opened dashboard, a support session's call) was
 * repeated, identical, by the same actor within five minutes of its row (docs/product.md#audit-log):
 * a tally beside the chained row rather than a row each, so reloading a dashboard does not bury
 * the log. Not part of the hash chain; it goes when its row is purged.
 */
export const auditRepeats = pgTable('audit_repeats', {
  eventId: bigint('event_id', { mode: 'number' })
    .primaryKey()
    .references(() => auditEvents.id, { onDelete: 'cascade' }),
  count: integer('count').notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
});

/**
 * Where a chain now starts after the retention purge removed its oldest rows: the last removed
 * row's seq and hash, so the verifier can check the first row kept. Append-only like the log, and
 * the trigger lets the purge delete only rows a checkpoint covers (drizzle/0012_audit_retention.sql).
 */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chain: text('chain').notNull(),
    seq: integer('seq').notNull(),
    hash: text('hash').notNull(),
    /** Rows removed by this purge. */
    rows: integer('rows').notNull(),
    /** Rows older than this were removed. */
    cutoff: timestamp('cutoff', { withTimezone: true }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('audit_checkpoints_chain_seq_idx').on(table.chain, table.seq)],
);
