import { and, count, desc, eq, gt, gte, inArray, isNull, or } from 'drizzle-orm';
import {
  apiKeyAccess,
  API_KEY_DEFAULT_EXPIRY_DAYS,
  grantableScopes,
  MAX_LIVE_API_KEYS,
  ROLL_OVERLAP_MS,
  type ApiKeyScope,
} from '@partner-portal/shared/api-key-rules';
import type {
  ApiKey,
  ApiKeyCreateInput,
  ApiKeyPatchInput,
  ApiKeyReveal,
} from '@partner-portal/shared/api-keys';
import type { ApiKeyRollOverlap } from '@partner-portal/shared/api-key-rules';
import type { Db } from '../../db/client';
import { accounts, apiKeys, apiKeyUsage, users } from '../../db/schema/index';
import { newApiKey } from '../../lib/api-key-secret';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import type { SessionActor } from '../../lib/actor';
import { recordChange, type AuditChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { keyStatus, toApiKey, usageDays } from './api-key-rows';

const DAY_MS = 86_400_000;

/** Where the request came from, and who the signed-in person is, for the audit row. */
/** The audit row of a change to key `keyId` made by `actor` (docs/security.md#audit-log). */
function recordKeyChange(
  tx: Db,
  actor: SessionActor,
  meta: RequestMeta,
  at: Date,
  keyId: string,
  change: Pick<AuditChange, 'action' | 'changes'>,
) {
  return recordChange(tx, { actor, meta }, at, {
    ...change,
    targetType: 'api_key',
    targetId: keyId,
  });
}

type KeyRow = typeof apiKeys.$inferSelect;

/** Refuses a scope the actor's permission could not use (docs/product.md#api-keys). */
function requireGrantable(actor: SessionActor, scopes: readonly ApiKeyScope[]): void {
  const grantable = new Set(grantableScopes(actor.permission));
  const refused = scopes.find((scope) => !grantable.has(scope));
  if (refused) {
    throw new AppError('forbidden', 'error.key_scope_not_grantable', {
      params: { scope: refused },
      inputError: 'scope',
    });
  }
}

/** The bounds of a chosen expiry are the request schema's (createApiKeyCreateInputSchema). */
function expiryOf(input: ApiKeyCreateInput['expires_at'], now: Date): Date | null {
  if (input === null) return null;
  if (input === undefined) return new Date(now.getTime() + API_KEY_DEFAULT_EXPIRY_DAYS * DAY_MS);
  return new Date(input);
}

/** `pp_test_` while the built-in card processor stands in for a real one. */
function keyKind(ctx: AppContext): 'live' | 'test' {
  return ctx.billing.kind === 'stripe' ? 'live' : 'test';
}

/** Keys of one account, as the list shows them. */
async function describe(db: Db, keys: KeyRow[], now: Date): Promise<ApiKey[]> {
  if (keys.length === 0) return [];
  const ids = keys.map((key) => key.id);
  const [firstDay] = usageDays(now);
  const [creators, usage, [account]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        totpEnabled: users.totpEnabled,
      })
      .from(users)
      .where(inArray(users.id, [...new Set(keys.map((key) => key.createdBy))])),
    db
      .select()
      .from(apiKeyUsage)
      .where(and(inArray(apiKeyUsage.keyId, ids), gte(apiKeyUsage.day, firstDay!))),
    db
      .select({ deadline: accounts.twoFactorDeadline })
      .from(accounts)
      .where(eq(accounts.id, keys[0]!.accountId)),
  ]);
  const creatorOf = new Map(creators.map((creator) => [creator.id, creator]));
  const callsOf = new Map<string, Map<string, number>>();
  for (const row of usage) {
    const calls = callsOf.get(row.keyId) ?? new Map<string, number>();
    calls.set(row.day, row.calls);
    callsOf.set(row.keyId, calls);
  }
  return keys.map((key) =>
    toApiKey(
      key,
      creatorOf.get(key.createdBy) ?? null,
      callsOf.get(key.id) ?? new Map(),
      now,
      account?.deadline ?? null,
    ),
  );
}

/** GET /api/key: the account's keys, newest first, with who made them and their use. */
export async function listApiKeys(ctx: AppContext, actor: SessionActor): Promise<ApiKey[]> {
  const keys = await ctx.db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.accountId, actor.accountId))
    .orderBy(desc(apiKeys.createdAt));
  return describe(ctx.db, keys, ctx.now());
}

/** POST /api/key: a new key, its whole secret in this answer only. */
export async function createApiKey(
  ctx: AppContext,
  actor: SessionActor,
  input: ApiKeyCreateInput,
  meta: RequestMeta,
): Promise<ApiKeyReveal> {
  requireGrantable(actor, input.scope);
  const now = ctx.now();
  const expiresAt = expiryOf(input.expires_at, now);
  const secret = newApiKey(keyKind(ctx));
  const created = await ctx.db.transaction(async (tx) => {
    // One create at a time per account, so two at once cannot both pass the count.
    await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, actor.accountId))
      .for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.accountId, actor.accountId),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
        ),
      );
    if ((live?.n ?? 0) >= MAX_LIVE_API_KEYS) {
      throw new AppError('conflict', 'error.key_limit', { params: { max: MAX_LIVE_API_KEYS } });
    }
    const [row] = await tx
      .insert(apiKeys)
      .values({
        accountId: actor.accountId,
        createdBy: actor.userId,
        name: input.name,
        secretHash: secret.hash,
        stub: secret.stub,
        scopes: input.scope,
        allowedIps: input.allowed_ips ?? [],
        expiresAt,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('key not created');
    await recordKeyChange(tx, actor, meta, now, row.id, {
      action: 'api_key.created',
      changes: {
        after: { name: row.name, scope: row.scopes, allowed_ips: row.allowedIps },
        expires_at: row.expiresAt?.toISOString() ?? null,
      },
    });
    return row;
  });
  const [described] = await describe(ctx.db, [created], now);
  return { ...described!, key: secret.key };
}

async function findKey(db: Db, actor: SessionActor, id: string): Promise<KeyRow> {
  const [key] = /^[0-9a-f-]{36}$/i.test(id)
    ? await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, actor.accountId)))
        .limit(1)
    : [];
  if (!key) throw new AppError('not_found', 'error.not_found');
  return key;
}

/** The shared rule (docs/product.md#api-keys): `reshape` for a roll, a rescope or new ranges. */
function requireManager(actor: SessionActor, key: KeyRow, reshape: boolean): void {
  const access = apiKeyAccess(key.createdBy, { id: actor.userId, permission: actor.permission });
  if (reshape ? access.reshape : access.manage) return;
  throw new AppError('forbidden', 'error.forbidden');
}

const ownKey = (key: KeyRow) => and(eq(apiKeys.id, key.id), eq(apiKeys.accountId, key.accountId));

/** PATCH /api/key/{id}: name, scopes and IP ranges; `active: false` revokes for good. */
export async function updateApiKey(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  input: ApiKeyPatchInput,
  meta: RequestMeta,
): Promise<ApiKey> {
  const key = await findKey(ctx.db, actor, id);
  const widens = input.scope !== undefined || input.allowed_ips !== undefined;
  requireManager(actor, key, widens);
  if (key.revokedAt) throw new AppError('conflict', 'error.key_revoked');
  if (input.scope) requireGrantable(actor, input.scope);
  const now = ctx.now();
  const [updated] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(apiKeys)
      .set({
        name: input.name,
        scopes: input.scope,
        allowedIps: input.allowed_ips,
        revokedAt: input.active === false ? now : undefined,
        previousHash: input.active === false ? null : undefined,
        previousValidUntil: input.active === false ? null : undefined,
      })
      .where(ownKey(key))
      .returning();
    await recordKeyChange(tx, actor, meta, now, key.id, {
      action: input.active === false ? 'api_key.revoked' : 'api_key.updated',
      changes: {
        before: { name: key.name, scope: key.scopes, allowed_ips: key.allowedIps },
        after: {
          name: input.name ?? key.name,
          scope: input.scope ?? key.scopes,
          allowed_ips: input.allowed_ips ?? key.allowedIps,
        },
      },
    });
    return rows;
  });
  if (!updated) throw new AppError('not_found', 'error.not_found');
  const [described] = await describe(ctx.db, [updated], now);
  return described!;
}

/** POST /api/key/{id}/roll: a new secret; the old one works for `overlap` more. */
export async function rollApiKey(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  overlap: ApiKeyRollOverlap,
  meta: RequestMeta,
): Promise<ApiKeyReveal> {
  const key = await findKey(ctx.db, actor, id);
  requireManager(actor, key, true);
  const now = ctx.now();
  if (keyStatus(key, now) !== 'active') throw new AppError('conflict', 'error.key_revoked');
  const secret = newApiKey(keyKind(ctx));
  const overlapMs = ROLL_OVERLAP_MS[overlap];
  const [rolled] = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .update(apiKeys)
      .set({
        secretHash: secret.hash,
        stub: secret.stub,
        previousHash: overlapMs > 0 ? key.secretHash : null,
        previousValidUntil: overlapMs > 0 ? new Date(now.getTime() + overlapMs) : null,
      })
      .where(ownKey(key))
      .returning();
    await recordKeyChange(tx, actor, meta, now, key.id, {
      action: 'api_key.rolled',
      changes: { overlap },
    });
    return rows;
  });
  if (!rolled) throw new AppError('not_found', 'error.not_found');
  const [described] = await describe(ctx.db, [rolled], now);
  return { ...described!, key: secret.key };
}

/** DELETE /api/key/{id}: gone from the list, and refused from now on. */
export async function deleteApiKey(
  ctx: AppContext,
  actor: SessionActor,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  const key = await findKey(ctx.db, actor, id);
  requireManager(actor, key, false);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(apiKeys).where(ownKey(key));
    await recordKeyChange(tx, actor, meta, ctx.now(), key.id, {
      action: 'api_key.deleted',
      changes: { before: { name: key.name, scope: key.scopes } },
    });
  });
}
