import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PLUS_PLAN_IDS } from '@partner-portal/shared/plan-rules';
import {
  WEBHOOK_EVENT_DATA,
  WEBHOOK_GIVE_UP_MS,
  type WebhookEventData,
  type WebhookEventType,
} from '@partner-portal/shared/webhooks';
import type { Db } from '../db/client';

/** A Standard Webhooks message id: `msg_` and 128 random bits. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** The body every endpoint receives: the specification's `type`, `timestamp` and `data`. */
export function messagePayload<T extends keyof WebhookEventData>(
  type: T,
  at: Date,
  data: WebhookEventData[T],
): Record<string, unknown> {
  // Parsed, not cast: only the fields the event declares leave (docs/product.md#webhooks).
  return { type, timestamp: at.toISOString(), data: WEBHOOK_EVENT_DATA[type].parse(data) };
}

export interface QueueOptions {
  /** The news once per account: a second writer of the same key adds nothing. */
  dedupeKey?: string;
  /**
   * Queue whatever the account's plan is now: the event that tells of a move below Plus is
   * written after the plan changed.
   */
  anyPlan?: boolean;
}

/**
 * Queues an event for the account's enabled endpoints that take its type, in `db`'s transaction
 * (the change's own: the event exists exactly when the change does), in one statement. An
 * account without such an endpoint, or below Plus, writes nothing.
 */
export async function queueWebhook<T extends WebhookEventType>(
  db: Db,
  now: Date,
  accountId: string,
  type: T,
  data: WebhookEventData[T],
  options: QueueOptions = {},
): Promise<void> {
  const payload = messagePayload(type, now, data);
  const giveUpAt = new Date(now.getTime() + WEBHOOK_GIVE_UP_MS);
  await db.execute(sql`
    WITH targets AS (
      SELECT e.id FROM webhook_endpoints e JOIN accounts a ON a.id = e.account_id
      WHERE e.account_id = ${accountId} AND e.enabled AND ${type} = ANY(e.events)
        AND (${options.anyPlan ?? false} OR a.plan IN ${[...PLUS_PLAN_IDS]})
    ), message AS (
      INSERT INTO webhook_messages (id, account_id, type, payload, dedupe_key, created_at)
      SELECT ${newMessageId()}, ${accountId}, ${type}, ${JSON.stringify(payload)}::jsonb,
        ${options.dedupeKey ?? null}, ${now}
      WHERE EXISTS (SELECT 1 FROM targets)
      ON CONFLICT DO NOTHING
      RETURNING id
    )
    INSERT INTO webhook_deliveries (endpoint_id, message_id, next_attempt_at, give_up_at, created_at)
    SELECT targets.id, message.id, ${now}, ${giveUpAt}, ${now} FROM targets, message`);
}
