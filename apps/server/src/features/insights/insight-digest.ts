/**
 * The report digest's insights (docs/insights.md "In the digest"): the top three of its period for
 * its recipient, read as that recipient, always the best good news beside the worst bad news.
 */
import type { Locale } from '@partner-portal/shared/constants';
import {
  hasInsights,
  volumeFloorsKey,
  type VolumeFloors,
} from '@partner-portal/shared/insight-rules';
import {
  effectivePlan,
  PlanIdSchema,
  SubscriptionStatusSchema,
} from '@partner-portal/shared/plans';
import type { Db } from '../../db/client';
import type { ReportScope } from '../analytics/report-queries';
import { readCachedRun, type StoredInsight } from './insight-cache';
import { cachedOrNewRun } from './insight-run';
import { describeInsight } from './insight-sentences';

const DIGEST_INSIGHTS = 3;

export interface DigestInsight {
  sentence: string;
  good: boolean | null;
}

/** The best good news, the worst bad news, then the next best ranked; at most three. */
function pickForDigest(insights: readonly StoredInsight[]): StoredInsight[] {
  const findings = insights.filter((insight) => insight.type !== 'pace');
  const picks = [
    findings.find((insight) => insight.good === true),
    findings.find((insight) => insight.good === false),
  ].filter((insight): insight is StoredInsight => insight !== undefined);
  for (const insight of findings) {
    if (picks.length >= DIGEST_INSIGHTS) break;
    if (!picks.includes(insight)) picks.push(insight);
  }
  return picks;
}

/**
 * The recipient's insights as of the period's last day, or null when their account's plan in use
 * has none. Uses (and fills) the panel's cache, and the recipient's own mutes.
 */
export async function insightsForDigest(
  db: Db,
  input: {
    scope: ReportScope;
    userId: string;
    account: { plan: string | null; subscriptionStatus: string | null };
    asOf: string;
    locale: Locale;
    floors: VolumeFloors;
  },
): Promise<DigestInsight[] | null> {
  const plan = effectivePlan(
    PlanIdSchema.safeParse(input.account.plan).data ?? null,
    SubscriptionStatusSchema.safeParse(input.account.subscriptionStatus).data,
  );
  if (!hasInsights(plan)) return null;
  const { scope } = input;
  const key = {
    accountId: scope.partner_id,
    scope: scope.advertiser_name ?? '',
    // The panel's key when it asks for that day and window: either one's run serves the other.
    requestKey: `${input.asOf}:7:${volumeFloorsKey(input.floors)}`,
  };
  const cached = await readCachedRun(db, key, input.userId);
  const run = await cachedOrNewRun(db, key, cached, {
    scope,
    asOf: input.asOf,
    window: 7,
    floors: input.floors,
  });
  const visible = run.insights.filter((insight) => !cached.muted.has(insight.seriesKey));
  return pickForDigest(visible).map((insight) => ({
    sentence: describeInsight(input.locale, insight),
    good: insight.good,
  }));
}
