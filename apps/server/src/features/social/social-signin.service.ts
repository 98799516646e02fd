import { and, eq, sql } from 'drizzle-orm';
import type { SigninResponse } from '@partner-portal/shared/identity';
import type { SocialFailureReason } from '@partner-portal/shared/social';
import type { OAuthProviderName } from '../../config/oauth';
import { accounts, accountUsers, oauthIdentities, users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { issueOneTimeToken, redeemOneTimeToken } from '../../lib/one-time-token';
import { completeFirstFactor } from '../identity/session.service';
import type { RequestMeta } from '../../lib/request-meta';
import { recordEvent } from '../../lib/events';
import { insertUser } from '../identity/insert-user';
import { sendVerificationMail } from '../user/verification.service';
import type { ProviderIdentity } from './oidc-clients';

export class SocialSignInError extends Error {
  constructor(readonly reason: SocialFailureReason) {
    super(`social sign-in refused: ${reason}`);
  }
}

/** The language and theme the visitor had before signing up: a new user keeps both. */
export interface SignUpLook {
  locale: string;
  darkMode: boolean;
}

/**
 * docs/security.md#social-sign-in: a person is found by (provider, subject), never by e-mail
 * alone. An existing local user is linked by e-mail only when the provider vouches for the
 * address and the local user verified it too; otherwise the address stays theirs and the social
 * sign-in is refused. Someone new gets a user and their own account, as at sign-up.
 */
async function findOrCreateUser(
  ctx: AppContext,
  provider: OAuthProviderName,
  identity: ProviderIdentity,
  look: SignUpLook,
): Promise<{ userId: string; created: boolean }> {
  const [linked] = await ctx.db
    .select({ userId: oauthIdentities.userId, disabled: users.disabled })
    .from(oauthIdentities)
    .innerJoin(users, eq(users.id, oauthIdentities.userId))
    .where(
      and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, identity.subject)),
    )
    .limit(1);
  if (linked) {
    if (linked.disabled) throw new SocialSignInError('disabled');
    return { userId: linked.userId, created: false };
  }
  if (!identity.email) throw new SocialSignInError('no_email');

  const [local] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, identity.email))
    .limit(1);
  if (local) {
    if (local.disabled) throw new SocialSignInError('disabled');
    if (!identity.emailVerified || !local.verified) throw new SocialSignInError('email_in_use');
    await ctx.db
      .insert(oauthIdentities)
      .values({ provider, subject: identity.subject, userId: local.id, email: identity.email })
      .onConflictDoNothing();
    await recordEvent(ctx.db, { name: 'social_linked', userId: local.id, metadata: { provider } });
    return { userId: local.id, created: false };
  }

  const firstName = identity.firstName ?? identity.email.split('@')[0] ?? identity.email;
  const lastName = identity.lastName ?? '';
  const userId = await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({ name: `${firstName} ${lastName}`.trim(), createdAt: ctx.now() })
      .returning({ id: accounts.id });
    if (!account) throw new Error('account not created');
    const created = await insertUser(tx, {
      email: identity.email as string,
      firstName,
      lastName,
      passwordHash: null,
      verified: identity.emailVerified,
      locale: look.locale,
      darkMode: look.darkMode,
      defaultAccountId: account.id,
      now: ctx.now(),
    });
    await tx
      .insert(accountUsers)
      .values({ accountId: account.id, userId: created, permission: 'owner' });
    await tx
      .insert(oauthIdentities)
      .values({ provider, subject: identity.subject, userId: created, email: identity.email });
    await recordEvent(tx, {
      name: 'signup',
      userId: created,
      accountId: account.id,
      metadata: { method: provider },
    });
    return created;
  });
  return { userId, created: true };
}

/**
 * The callback's work once the provider's ID token checked out: find or create the user and
 * hand the browser a 60-second one-time token for `POST /api/auth`, so no session ever travels
 * in a URL.
 */
export async function issueSocialToken(
  ctx: AppContext,
  provider: OAuthProviderName,
  identity: ProviderIdentity,
  look: SignUpLook,
): Promise<string> {
  let result: { userId: string; created: boolean };
  try {
    result = await findOrCreateUser(ctx, provider, identity, look);
  } catch (error) {
    // Two callbacks for the same new person raced; the loser finds what the winner created.
    if (!isUniqueViolation(error)) throw error;
    result = await findOrCreateUser(ctx, provider, identity, look);
  }
  if (result.created && !identity.emailVerified) {
    await sendVerificationMail(ctx, result.userId);
  }
  const { token } = await issueOneTimeToken(ctx.db, {
    kind: 'social',
    userId: result.userId,
    payload: { provider },
    now: ctx.now(),
  });
  return token;
}

/** `POST /api/auth {token}`: the social first factor, then the OTP step when 2FA is on. */
export async function signInWithSocialToken(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<SigninResponse> {
  const redeemed = await redeemOneTimeToken(ctx.db, 'social', token, ctx.now());
  if (!redeemed?.userId)
    throw new AppError('bad_request', 'error.social_failed', { inputError: 'token' });
  const provider = typeof redeemed.payload?.provider === 'string' ? redeemed.payload.provider : '';
  return completeFirstFactor(ctx, redeemed.userId, meta, `social:${provider}`);
}
