import {
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
  ],
);
