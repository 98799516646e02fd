import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { includesSso, PLAN_IDS } from '@partner-portal/shared/plans';
import { emailDomain } from '@partner-portal/shared/sso';
import type { Db } from '../../db/client';
import { accounts, accountUsers, ssoConnections, ssoDomains } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

const SSO_PLANS = PLAN_IDS.filter(includesSso);

/**
 * "Require SSO" (docs/product.md#single-sign-on): a person on a verified domain of an account
 * that requires it signs in to that account only through its identity provider. The owner keeps
 * a way in with a password as a break-glass, but only with 2FA on (the OTP step follows); that
 * sign-in's method says so in the audit log. Answers the method to record.
 */
export async function checkSsoRequirement(
  db: Db,
  user: { id: string; email: string; totpEnabled: boolean },
  accountId: string,
  method: string,
): Promise<string> {
  if (method.startsWith('sso:')) return method;
  const [required] = await db
    .select({ account: accounts.name, permission: accountUsers.permission })
    .from(ssoConnections)
    .innerJoin(
      ssoDomains,
      and(
        eq(ssoDomains.accountId, ssoConnections.accountId),
        eq(ssoDomains.domain, emailDomain(user.email)),
        isNotNull(ssoDomains.verifiedAt),
      ),
    )
    .innerJoin(accounts, eq(accounts.id, ssoConnections.accountId))
    .leftJoin(
      accountUsers,
      and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, user.id)),
    )
    .where(
      and(
        eq(ssoConnections.accountId, accountId),
        eq(ssoConnections.requireSso, true),
        // Below Pro single sign-on stops, and so does the requirement: nobody is locked out.
        inArray(accounts.plan, SSO_PLANS),
        inArray(accounts.subscriptionStatus, ['active', 'trialing']),
      ),
    )
    .limit(1);
  if (!required) return method;
  if (required.permission === 'owner' && user.totpEnabled) return `${method}:break_glass`;
  throw new AppError('forbidden', 'error.sso_required', { params: { account: required.account } });
}
