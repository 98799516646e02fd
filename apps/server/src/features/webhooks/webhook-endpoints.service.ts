import { randomBytes } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { includesWebhooks, WEBHOOKS_PLAN } from '@partner-portal/shared/plan-rules';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_OVERLAP_MS,
  type WebhookCreateInput,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookList,
  type WebhookPatchInput,
  type WebhookReveal,
} from '@partner-portal/shared/webhooks';
import type { Db } from '../../db/client';
import { accounts, webhookEndpoints } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';
import { actorPlan } from '../../lib/account-plan';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import { encryptSecret } from '../../lib/secret-box';
import { checkWebhookUrl } from './webhook-url';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** 402 naming Plus unless the account's plan, as the actor gets it, includes webhooks. */
export async function requireWebhooksPlan(db: Db, actor: Actor): Promise<void> {
  if (!includesWebhooks(await actorPlan(db, actor))) {
    throw new AppError('payment_required', 'error.webhooks_plan', { plan: WEBHOOKS_PLAN });
  }
}

/** A Standard Webhooks secret: `whsec_` and 256 random bits in base64. */
function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function endpointOf(row: EndpointRow, now: Date): WebhookEndpoint {
  const overlap =
    row.previousSecretExpiresAt && row.previousSecretExpiresAt > now
      ? row.previousSecretExpiresAt.toISOString()
      : null;
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabled_reason: row.enabled ? null : row.disabledReason === 'failing' ? 'failing' : 'manual',
    created_at: row.createdAt.toISOString(),
    previous_secret_expires_at: overlap,
  };
}

/** What an endpoint's audit rows say of it (never the secret). */
const auditedOf = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
});

/** One endpoint of the actor's account, or 404 (another account's id included). */
export async function requireEndpoint(db: Db, actor: Actor, id: string): Promise<EndpointRow> {
  const [row] = /^[0-9a-f-]{36}$/i.test(id)
    ? await db
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, actor.accountId)))
    : [];
  if (!row) throw new AppError('not_found', 'error.not_found');
  return row;
}

export async function listEndpoints(ctx: AppContext, actor: Actor): Promise<WebhookList> {
  await requireWebhooksPlan(ctx.db, actor);
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, actor.accountId))
    .orderBy(asc(webhookEndpoints.createdAt));
  const now = ctx.now();
  return { endpoints: rows.map((row) => endpointOf(row, now)), max: WEBHOOK_ENDPOINTS_MAX };
}

export async function createEndpoint(
  ctx: AppContext,
  caller: Caller,
  input: WebhookCreateInput & { events: WebhookEventType[] },
): Promise<WebhookReveal> {
  const { actor } = caller;
  await requireWebhooksPlan(ctx.db, actor);
  const url = checkWebhookUrl(input.url, ctx.config.allowPrivateOutbound);
  const secret = newSecret();
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    // Counted under the account's row lock: two creations at once cannot both take the last place.
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, actor.accountId))
      .for('update');
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.accountId, actor.accountId));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError('conflict', 'error.webhook_limit', {
        params: { max: WEBHOOK_ENDPOINTS_MAX },
      });
    }
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        accountId: actor.accountId,
        url,
        description: input.description ?? null,
        events: input.events,
        secretSealed: encryptSecret(ctx.config.encryptionKey, secret),
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordChange(tx, caller, now, {
      action: 'webhook.created',
      targetType: 'webhook',
      targetId: created!.id,
      changes: auditedOf(created!),
    });
    return created!;
  });
  return { ...endpointOf(row, now), secret };
}

export async function updateEndpoint(
  ctx: AppContext,
  caller: Caller,
  id: string,
  patch: WebhookPatchInput & { events?: WebhookEventType[] | undefined },
): Promise<WebhookEndpoint> {
  const { actor } = caller;
  await requireWebhooksPlan(ctx.db, actor);
  const before = await requireEndpoint(ctx.db, actor, id);
  const url =
    patch.url === undefined
      ? undefined
      : checkWebhookUrl(patch.url, ctx.config.allowPrivateOutbound);
  const now = ctx.now();
  const enabled = patch.enabled ?? before.enabled;
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url === undefined ? {} : { url }),
        ...(patch.events === undefined ? {} : { events: patch.events }),
        ...(patch.description === undefined ? {} : { description: patch.description }),
        enabled,
        disabledReason: enabled ? null : before.enabled ? 'manual' : before.disabledReason,
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, actor.accountId)))
      .returning();
    if (!updated) throw new AppError('not_found', 'error.not_found');
    await recordChange(tx, caller, now, {
      action: 'webhook.updated',
      targetType: 'webhook',
      targetId: id,
      changes: { before: auditedOf(before), after: auditedOf(updated) },
    });
    return updated;
  });
  return endpointOf(row, now);
}

export async function deleteEndpoint(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const { actor } = caller;
  await requireWebhooksPlan(ctx.db, actor);
  const before = await requireEndpoint(ctx.db, actor, id);
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, actor.accountId)));
    await recordChange(tx, caller, ctx.now(), {
      action: 'webhook.deleted',
      targetType: 'webhook',
      targetId: id,
      changes: auditedOf(before),
    });
  });
}

/**
 * A new signing secret; the one it replaces keeps signing beside it for 24 hours, so receivers
 * can move to the new one without missing an event (a rotation within those hours drops the
 * oldest).
 */
export async function rotateSecret(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<WebhookReveal> {
  const { actor } = caller;
  await requireWebhooksPlan(ctx.db, actor);
  const before = await requireEndpoint(ctx.db, actor, id);
  const secret = newSecret();
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookEndpoints)
      .set({
        secretSealed: encryptSecret(ctx.config.encryptionKey, secret),
        previousSecretSealed: before.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_MS),
        updatedAt: now,
      })
      .where(
        and(
          eq(webhookEndpoints.id, id),
          // Compared first: of two rotations at once, one wins and the other is a 404.
          eq(webhookEndpoints.secretSealed, before.secretSealed),
        ),
      )
      .returning();
    if (!updated) throw new AppError('conflict', 'error.not_found');
    await recordChange(tx, caller, now, {
      action: 'webhook.secret_rotated',
      targetType: 'webhook',
      targetId: id,
      changes: { url: updated.url },
    });
    return updated;
  });
  return { ...endpointOf(row, now), secret };
}
