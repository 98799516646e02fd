import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  PlanIdSchema,
  SubscriptionStatusSchema,
  effectivePlan,
  includesSso,
} from '@partner-portal/shared/plans';
import type { ScimToken } from '@partner-portal/shared/sso';
import type { Db } from '../../db/client';
import { accounts, scimTokens } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';

/** Names the kind of secret, so a leaked one is recognisable (as API keys are). */
const SCIM_TOKEN_PREFIX = 'pp_scim_';
const TOKEN_PATTERN = /^pp_scim_[A-Za-z0-9_-]{43}$/;
/** `last_used_at` moves at most this often: an IdP's sync is many calls a minute. */
const LAST_USED_RESOLUTION_MS = 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where the account's IdP provisions people. */
export const scimBaseUrl = (appUrl: string) => `${appUrl}/scim/v2`;

export async function scimTokenOf(db: Db, accountId: string): Promise<ScimToken | null> {
  const [row] = await db.select().from(scimTokens).where(eq(scimTokens.accountId, accountId));
  return row
    ? {
        stub: row.stub,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt?.toISOString() ?? null,
      }
    : null;
}

/**
 * A new token for the account (docs/product.md#scim-provisioning), replacing the one before,
 * which stops working at once: the owner pastes the new one into the IdP. 256 random bits, kept
 * as their SHA-256 only.
 */
export async function createScimToken(ctx: AppContext, caller: Caller): Promise<string> {
  const { actor } = caller;
  const token = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const now = ctx.now();
  const row = {
    tokenHash: hashOf(token),
    stub: `${token.slice(0, 12)}…${token.slice(-4)}`,
    createdAt: now,
    lastUsedAt: null,
  };
  await ctx.db.transaction(async (tx) => {
    const replaced = await tx
      .delete(scimTokens)
      .where(eq(scimTokens.accountId, actor.accountId))
      .returning({ stub: scimTokens.stub });
    await tx.insert(scimTokens).values({ accountId: actor.accountId, ...row });
    await recordChange(tx, caller, now, {
      action: 'sso.scim_token_created',
      targetType: 'account',
      targetId: actor.accountId,
      changes: { stub: row.stub, replaced: replaced[0]?.stub ?? null },
    });
  });
  return token;
}

export async function revokeScimToken(ctx: AppContext, caller: Caller): Promise<void> {
  const { actor } = caller;
  await ctx.db.transaction(async (tx) => {
    const [revoked] = await tx
      .delete(scimTokens)
      .where(eq(scimTokens.accountId, actor.accountId))
      .returning({ stub: scimTokens.stub });
    if (!revoked) throw new AppError('not_found', 'error.not_found');
    await recordChange(tx, caller, ctx.now(), {
      action: 'sso.scim_token_revoked',
      targetType: 'account',
      targetId: actor.accountId,
      changes: { stub: revoked.stub },
    });
  });
}

/**
 * Who a SCIM request's `Authorization: Bearer pp_scim_…` speaks for, or null: the account, and
 * whether it may provision now (open, on a plan with single sign-on). One query a request; the
 * token's `last_used_at` is written at most once a minute.
 */
export async function scimAccountOf(
  db: Db,
  header: string | undefined,
  now: Date,
): Promise<{ accountId: string; entitled: boolean } | null> {
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
  if (!TOKEN_PATTERN.test(token)) return null;
  const hash = hashOf(token);
  const [row] = await db
    .select({
      accountId: scimTokens.accountId,
      tokenHash: scimTokens.tokenHash,
      lastUsedAt: scimTokens.lastUsedAt,
      plan: accounts.plan,
      status: accounts.subscriptionStatus,
      closedAt: accounts.closedAt,
      disabledAt: accounts.disabledAt,
    })
    .from(scimTokens)
    .innerJoin(accounts, eq(accounts.id, scimTokens.accountId))
    .where(eq(scimTokens.tokenHash, hash));
  // The lookup is by hash; comparing again in constant time costs nothing and says so.
  if (!row || !timingSafeEqual(Buffer.from(row.tokenHash), Buffer.from(hash))) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await db
      .update(scimTokens)
      .set({ lastUsedAt: now })
      .where(eq(scimTokens.accountId, row.accountId));
  }
  const plan = effectivePlan(
    PlanIdSchema.safeParse(row.plan).data,
    SubscriptionStatusSchema.safeParse(row.status).data,
  );
  return {
    accountId: row.accountId,
    entitled: !row.closedAt && !row.disabledAt && includesSso(plan),
  };
}
