import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountUsers } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/auth-guard';
import type { ReportScope } from './report-queries';

/**
 * The rows the reports API may read for `actor`: the same as their dashboards — the whole account,
 * or for an advertiser only their advertiser's rows (docs/product.md#roles-and-permissions).
 */
export async function reportScopeOf(db: Db, actor: Actor): Promise<ReportScope> {
  if (actor.permission !== 'advertiser')
    return memberReportScope(actor.accountId, actor.permission, null);
  const [membership] = await db
    .select({ advertiserName: accountUsers.advertiserName })
    .from(accountUsers)
    .where(and(eq(accountUsers.accountId, actor.accountId), eq(accountUsers.userId, actor.userId)))
    .limit(1);
  if (!membership) throw new AppError('unauthorized', 'error.unauthorized');
  return memberReportScope(actor.accountId, actor.permission, membership.advertiserName);
}

/**
 * A member's rows, from their membership: the whole account, or an advertiser's own rows (one
 * without a name sees none rather than everyone's). The digest reads as its recipient this way.
 */
export function memberReportScope(
  accountId: string,
  permission: string,
  advertiserName: string | null,
): ReportScope {
  if (permission !== 'advertiser') return { partner_id: accountId };
  return { partner_id: accountId, advertiser_name: advertiserName ?? '' };
}
