import { PermissionSchema } from '@partner-portal/shared/permissions';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import type { SigninResponse } from '@partner-portal/shared/identity';
import {
  PlanIdSchema,
  SubscriptionStatusSchema,
  effectivePlan,
  includesSso,
} from '@partner-portal/shared/plans';
import { emailDomain, type SsoFailureReason } from '@partner-portal/shared/sso';
import type { Db } from '../../db/client';
import { accounts, accountUsers, ssoConnections, ssoDomains, users } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../../lib/audit';
import { renderMail } from '../../lib/mail/mail-templates';
import { issueOneTimeToken, redeemOneTimeToken } from '../../lib/one-time-token';
import type { RequestMeta } from '../../lib/request-meta';
import { insertUser } from '../identity/insert-user';
import { completeFirstFactor } from '../identity/session.service';
import type { SsoIdentity } from './sso-oidc';
import { queueWebhook } from '../../lib/webhook-queue';

export class SsoSignInError extends Error {
  constructor(
    readonly reason: SsoFailureReason,
    cause?: unknown,
  ) {
    super(`single sign-on refused: ${reason}`, { cause });
  }
}

type ConnectionRow = typeof ssoConnections.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/**
 * The single sign-on an e-mail address signs in by: its domain verified by an account that is
 * open, on Pro and has a connection. Null for anyone else, who signs in as before.
 */
async function findSsoFor(
  db: Db,
  email: string,
): Promise<{ connection: ConnectionRow; account: AccountRow } | null> {
  const [found] = await db
    .select({ connection: ssoConnections, account: accounts })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.accountId, ssoDomains.accountId))
    .innerJoin(accounts, eq(accounts.id, ssoDomains.accountId))
    .where(
      and(
        eq(ssoDomains.domain, emailDomain(email)),
        isNotNull(ssoDomains.verifiedAt),
        isNull(accounts.closedAt),
        isNull(accounts.disabledAt),
      ),
    )
    .limit(1);
  if (!found) return null;
  const plan = effectivePlan(
    PlanIdSchema.safeParse(found.account.plan).data,
    SubscriptionStatusSchema.safeParse(found.account.subscriptionStatus).data,
  );
  return includesSso(plan) ? found : null;
}

/** The connection `POST /api/auth/sso` starts with, or 404 naming the e-mail. */
export async function requireSsoFor(ctx: AppContext, email: string) {
  const found = await findSsoFor(ctx.db, email);
  if (!found) throw new AppError('not_found', 'error.sso_not_found', { inputError: 'email' });
  return found;
}

const PERMISSION_LABEL = { admin: 'Admin', developer: 'Developer', user: 'User' } as const;

/** The owner hears who joined through their IdP (docs/product.md#single-sign-on). */
async function mailOwner(
  ctx: AppContext,
  account: AccountRow,
  member: typeof users.$inferSelect,
  permission: ConnectionRow['defaultPermission'],
) {
  const owners = await ctx.db
    .select({ email: users.email, firstName: users.firstName, locale: users.locale })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, account.id), eq(accountUsers.permission, 'owner')));
  for (const owner of owners) {
    const locale = toLocale(owner.locale);
    const mail = renderMail('sso_member_joined', locale, {
      name: owner.firstName,
      member: `${member.firstName} ${member.lastName}`.trim(),
      email: member.email,
      account: account.name,
      permission: PERMISSION_LABEL[permission],
      link: `${ctx.config.appUrl}/account/users`,
    });
    await ctx.mail.send(
      { to: owner.email, ...mail, template: 'sso_member_joined', locale },
      ctx.db,
    );
  }
}

/**
 * Just-in-time membership: someone on a verified domain signing in through the account's IdP for
 * the first time gets a user (if new) and a membership with the connection's default permission,
 * and the owners are mailed. The grant is the account's (its owner chose the IdP and the
 * default), so it is written at the IdP's word, before any OTP step of ours.
 */
async function joinByIdp(
  ctx: AppContext,
  found: { connection: ConnectionRow; account: AccountRow },
  identity: SsoIdentity & { email: string },
  look: { locale: string; meta: RequestMeta },
): Promise<string> {
  const { connection, account } = found;
  return ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const now = ctx.now();
    let [user] = await tx
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, identity.email))
      .limit(1)
      .for('update');
    if (user?.disabled) throw new SsoSignInError('disabled');
    if (!user) {
      const firstName = identity.firstName ?? identity.email.split('@')[0]!;
      const id = await insertUser(tx, {
        email: identity.email,
        firstName,
        lastName: identity.lastName ?? '',
        passwordHash: null,
        verified: true,
        locale: look.locale,
        darkMode: false,
        defaultAccountId: account.id,
        now,
      });
      [user] = await tx.select().from(users).where(eq(users.id, id));
    }
    const member = user!;
    const [membership] = await tx
      .insert(accountUsers)
      .values({
        accountId: account.id,
        userId: member.id,
        permission: connection.defaultPermission,
      })
      .onConflictDoNothing()
      .returning({ id: accountUsers.id });
    if (membership) {
      await recordChange(tx, { user: member, accountId: account.id, meta: look.meta }, now, {
        action: 'sso.member_joined',
        targetType: 'user',
        targetId: member.id,
        changes: { permission: connection.defaultPermission, protocol: connection.protocol },
      });
      await mailOwner(txCtx, account, member, connection.defaultPermission);
      await queueWebhook(tx, now, account.id, 'member.joined', {
        account_id: account.id,
        user_id: member.id,
        email: member.email,
        permission: PermissionSchema.parse(connection.defaultPermission),
        via: 'sso',
      });
    }
    return member.id;
  });
}

/**
 * The IdP's callback, once its answer checked out: the person must be on one of the account's
 * verified domains (the IdP is trusted for those only), and the account must still sign in by
 * this IdP. Answers a 60-second one-time token for `POST /api/auth/sso/token`, so no session
 * travels in a URL.
 */
export async function issueSsoToken(
  ctx: AppContext,
  accountId: string,
  identity: SsoIdentity,
  look: { locale: string; meta: RequestMeta },
): Promise<string> {
  if (!identity.email) throw new SsoSignInError('not_allowed');
  const found = await findSsoFor(ctx.db, identity.email);
  if (!found || found.account.id !== accountId) throw new SsoSignInError('not_allowed');
  const userId = await joinByIdp(ctx, found, { ...identity, email: identity.email }, look);
  const { token } = await issueOneTimeToken(ctx.db, {
    kind: 'sso',
    userId,
    accountId,
    payload: {
      method: `sso:${found.connection.protocol}`,
      idp_mfa: found.connection.trustIdpMfa && identity.multiFactor,
    },
    now: ctx.now(),
  });
  return token;
}

/** `POST /api/auth/sso/token`: the IdP's sign-in as a first factor, into the IdP's account. */
export async function signInWithSsoToken(
  ctx: AppContext,
  token: string,
  meta: RequestMeta,
): Promise<SigninResponse> {
  const redeemed = await redeemOneTimeToken(ctx.db, 'sso', token, ctx.now());
  if (!redeemed?.userId || !redeemed.accountId) {
    throw new AppError('bad_request', 'error.sso_failed', { inputError: 'token' });
  }
  const method = typeof redeemed.payload?.method === 'string' ? redeemed.payload.method : 'sso';
  return completeFirstFactor(ctx, redeemed.userId, meta, method, {
    accountId: redeemed.accountId,
    idpSecondFactor: redeemed.payload?.idp_mfa === true,
  });
}
