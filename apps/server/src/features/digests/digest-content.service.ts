import type { VolumeFloors } from '@partner-portal/shared/insight-rules';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import { isPlusEligible } from '@partner-portal/shared/plan-rules';
import { PlanIdSchema } from '@partner-portal/shared/plans';
import { toLocale } from '@partner-portal/shared/constants';
import {
  DIGEST_CSV_MAX_ROWS,
  DIGEST_TOP_ROWS,
  type DigestFrequency,
} from '@partner-portal/shared/digests';
import type { Db } from '../../db/client';
import type { accounts, accountUsers, users } from '../../db/schema/index';
import { breakdown, kpis, rowsInRange } from '../analytics/report-queries';
import { memberReportScope } from '../analytics/report-scope.service';
import { insightsForDigest } from '../insights/insight-digest';
import type { DigestPeriod } from './digest-periods';
import { digestCsv, type DigestContent } from './digest-render';

export interface DigestRecipient {
  user: typeof users.$inferSelect;
  membership: typeof accountUsers.$inferSelect;
  account: typeof accounts.$inferSelect;
}

export interface BuiltDigest {
  content: DigestContent;
  /** The period's rows as a CSV, when the recipient asked for it. */
  csv: { csv: string; truncated: boolean } | null;
}

/**
 * What a recipient's digest for `period` holds, read as that recipient (docs/product.md
 * #report-digests): their membership's rows only — an advertiser's digest sees its own rows and
 * names no other advertiser — with the dashboard's own queries, so its figures are the tiles'.
 * Null when the period has no data: such a digest is skipped, not sent empty.
 */
export async function buildDigest(
  db: Db,
  { user, membership, account }: DigestRecipient,
  period: DigestPeriod,
  options: {
    frequency: DigestFrequency;
    withCsv: boolean;
    dashboardUrl: string;
    unsubscribeUrl: string;
    insightFloors: VolumeFloors;
  },
): Promise<BuiltDigest | null> {
  const permission = user.isMaster ? 'master' : PermissionSchema.parse(membership.permission);
  const scope = memberReportScope(account.id, permission, membership.advertiserName);
  const range = { from: period.from, to: period.to };
  const advertiser = scope.advertiser_name !== undefined;
  const locale = toLocale(user.locale);
  const [figures, top, insights] = await Promise.all([
    kpis(db, scope, range),
    breakdown(db, scope, {
      ...range,
      dimension: advertiser ? 'campaign' : 'advertiser',
      sort: 'revenue',
      dir: 'desc',
      page: 1,
      page_size: DIGEST_TOP_ROWS,
    }),
    insightsForDigest(db, {
      scope,
      userId: user.id,
      account,
      asOf: period.to,
      locale,
      floors: options.insightFloors,
    }),
  ]);
  const { current, previous } = figures;
  const empty = Object.values(current).every((value) => value === 0);
  if (empty) return null;

  const plan = PlanIdSchema.safeParse(account.plan);
  const plus = isPlusEligible({
    permission,
    plan: plan.success ? plan.data : null,
    enable_plus: membership.enablePlus,
  });
  const content: DigestContent = {
    locale,
    recipientName: user.firstName,
    accountName: account.name,
    frequency: options.frequency,
    period: range,
    kpis: figures,
    top: {
      dimension: advertiser ? 'campaign' : 'advertiser',
      rows: top.rows.map((row) => ({
        key: row.key,
        revenue: row.revenue,
        conversions: row.conversions,
        clicks: row.clicks,
      })),
    },
    plusHeadline: plus
      ? {
          margin: current.revenue - current.payout,
          previousMargin: previous.revenue - previous.payout,
        }
      : null,
    insights,
    dashboardUrl: options.dashboardUrl,
    unsubscribeUrl: options.unsubscribeUrl,
  };
  const csv = options.withCsv
    ? digestCsv(await rowsInRange(db, scope, range, DIGEST_CSV_MAX_ROWS + 1), DIGEST_CSV_MAX_ROWS)
    : null;
  return { content: { ...content, attachment: csv && { truncated: csv.truncated } }, csv };
}
