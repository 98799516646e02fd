import { and, count, desc, eq } from 'drizzle-orm';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryPage,
} from '@partner-portal/shared/webhooks';
import { webhookDeliveries, webhookMessages } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { messagePayload, newMessageId } from '../../lib/webhook-queue';
import { recordTry, sendClaimed, WEBHOOK_LEASE_MS } from './webhook-dispatcher';
import { requireEndpoint, requireWebhooksPlan } from './webhook-endpoints.service';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type MessageRow = typeof webhookMessages.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function deliveryOf(row: DeliveryRow, message: MessageRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: message.id,
    type: message.type,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    duration_ms: row.durationMs,
    error: row.lastError,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    payload: message.payload,
  };
}

/** An endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(
  ctx: AppContext,
  actor: Actor,
  endpointId: string,
  query: { page: number; page_size: number },
): Promise<WebhookDeliveryPage> {
  await requireWebhooksPlan(ctx.db, actor);
  await requireEndpoint(ctx.db, actor, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ delivery: webhookDeliveries, message: webhookMessages })
      .from(webhookDeliveries)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return {
    deliveries: rows.map((row) => deliveryOf(row.delivery, row.message)),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

async function deliveryWithMessage(ctx: AppContext, endpointId: string, deliveryId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(deliveryId)) return null;
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, message: webhookMessages })
    .from(webhookDeliveries)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookDeliveries.messageId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  return row ?? null;
}

/**
 * Sends a failed delivery again, once, in the background (the dispatcher takes it at once). Its
 * failure gives up only itself: a retry by hand does not disable the endpoint.
 */
export async function retryDelivery(
  ctx: AppContext,
  actor: Actor,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await requireWebhooksPlan(ctx.db, actor);
  const endpoint = await requireEndpoint(ctx.db, actor, endpointId);
  if (!endpoint.enabled) {
    throw new AppError('conflict', 'error.webhook_disabled');
  }
  const now = ctx.now();
  const [updated] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'pending', manual: true, nextAttemptAt: now, giveUpAt: now })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.status, 'failed'),
      ),
    )
    .returning();
  const row = await deliveryWithMessage(ctx, endpointId, deliveryId);
  if (!row) throw new AppError('not_found', 'error.not_found');
  if (!updated) throw new AppError('conflict', 'error.webhook_retry_not_failed');
  return deliveryOf(row.delivery, row.message);
}

/**
 * "Send test event": a `webhook.test` message to this endpoint only, tried now within the
 * request, whose answer is the finished delivery. The row is written already taken (leased), so
 * the dispatcher leaves it alone unless this request dies before recording the try.
 */
export async function sendTestEvent(
  ctx: AppContext,
  actor: Actor,
  endpointId: string,
): Promise<WebhookDelivery> {
  await requireWebhooksPlan(ctx.db, actor);
  const endpoint = await requireEndpoint(ctx.db, actor, endpointId);
  const now = ctx.now();
  const id = newMessageId();
  const payload = messagePayload(WEBHOOK_TEST_EVENT, now, {
    account_id: actor.accountId,
    endpoint_id: endpoint.id,
  });
  const delivery = await ctx.db.transaction(async (tx) => {
    await tx.insert(webhookMessages).values({
      id,
      accountId: actor.accountId,
      type: WEBHOOK_TEST_EVENT,
      payload,
      createdAt: now,
    });
    const [created] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        messageId: id,
        attempts: 1,
        manual: true,
        nextAttemptAt: new Date(now.getTime() + WEBHOOK_LEASE_MS),
        giveUpAt: now,
        createdAt: now,
      })
      .returning();
    return created!;
  });
  const result = await sendClaimed(ctx, {
    message_id: id,
    url: endpoint.url,
    secret_sealed: endpoint.secretSealed,
    previous_secret_sealed: endpoint.previousSecretSealed,
    previous_secret_expires_at: endpoint.previousSecretExpiresAt,
    payload,
  });
  await recordTry(ctx, { ...delivery, endpoint_id: endpoint.id, give_up_at: now }, result);
  const row = await deliveryWithMessage(ctx, endpoint.id, delivery.id);
  return deliveryOf(row!.delivery, row!.message);
}
