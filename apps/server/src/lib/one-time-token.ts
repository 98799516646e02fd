import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oneTimeTokens, type OneTimeTokenKind } from '../db/schema/index';

/** docs/security.md#one-time-tokens: lifetimes per kind, in seconds. */
export const TOKEN_TTL_SECONDS: Record<OneTimeTokenKind, number> = {
  magic: 15 * 60,
  reset: 60 * 60,
  verify: 24 * 60 * 60,
  invite: 7 * 24 * 60 * 60,
  impersonate: 60,
  otp_challenge: 5 * 60,
  social: 60,
  sso: 60,
  embed_jti: 60 * 60,
  email_revert: 7 * 24 * 60 * 60,
  email_code: 10 * 60,
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A fresh 256-bit token from `crypto.randomBytes`, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface IssuedToken {
  token: string;
  id: string;
  expiresAt: Date;
}

/**
 * Issues a 256-bit token (only its SHA-256 is stored) and revokes the user's older live tokens
 * of the same kind, so only the newest link works — except `keepOlder` kinds, whose every link
 * must keep working (an e-mail change's "this was not me", which a later change must not void).
 */
export async function issueOneTimeToken(
  db: Db,
  input: {
    kind: OneTimeTokenKind;
    userId: string;
    accountId?: string | null;
    payload?: Record<string, unknown>;
    now?: Date;
    keepOlder?: boolean;
  },
): Promise<IssuedToken> {
  const now = input.now ?? new Date();
  const token = generateToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_SECONDS[input.kind] * 1000);
  return db.transaction(async (tx) => {
    if (!input.keepOlder)
      await tx
        .update(oneTimeTokens)
        .set({ revokedAt: now })
        .where(
          and(
            eq(oneTimeTokens.userId, input.userId),
            eq(oneTimeTokens.kind, input.kind),
            isNull(oneTimeTokens.usedAt),
            isNull(oneTimeTokens.revokedAt),
          ),
        );
    const [row] = await tx
      .insert(oneTimeTokens)
      .values({
        kind: input.kind,
        tokenHash,
        userId: input.userId,
        accountId: input.accountId ?? null,
        payload: input.payload ?? {},
        createdAt: now,
        expiresAt,
      })
      .returning({ id: oneTimeTokens.id });
    if (!row) throw new Error('token not stored');
    return { token, id: row.id, expiresAt };
  });
}

/** The row of `token` while it can still be used: of its kind, unused, unrevoked, unexpired. */
function usable(kind: OneTimeTokenKind, token: string, now: Date) {
  return and(
    eq(oneTimeTokens.tokenHash, hashToken(token)),
    eq(oneTimeTokens.kind, kind),
    isNull(oneTimeTokens.usedAt),
    isNull(oneTimeTokens.revokedAt),
    gt(oneTimeTokens.expiresAt, now),
  );
}

export interface RedeemedToken {
  id: string;
  userId: string | null;
  accountId: string | null;
  payload: Record<string, unknown>;
}

/**
 * Consumes a token atomically: one UPDATE … WHERE unused, unrevoked, unexpired RETURNING, so of
 * any number of parallel redemptions exactly one succeeds. Null for unknown, used, revoked,
 * expired or other-kind tokens.
 */
export async function redeemOneTimeToken(
  db: Db,
  kind: OneTimeTokenKind,
  token: string,
  now: Date = new Date(),
): Promise<RedeemedToken | null> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return null;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(usable(kind, token, now))
    .returning({
      id: oneTimeTokens.id,
      userId: oneTimeTokens.userId,
      accountId: oneTimeTokens.accountId,
      payload: oneTimeTokens.payload,
    });
  return row ?? null;
}

/** Looks a token up without consuming it (e.g. to show who an invite is for). */
export async function peekOneTimeToken(
  db: Db,
  kind: OneTimeTokenKind,
  token: string,
  now: Date = new Date(),
) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(usable(kind, token, now))
    .limit(1);
  return row ?? null;
}
