import { and, eq, sql } from 'drizzle-orm';
import { hasInsights, volumeFloorsKey } from '@partner-portal/shared/insight-rules';
import {
  effectivePlan,
  PlanIdSchema,
  SubscriptionStatusSchema,
} from '@partner-portal/shared/plans';
import { accounts, webhookEndpoints } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { queueWebhook } from '../../lib/webhook-queue';
import { dataRange } from '../analytics/report-queries';
import { readCachedRun } from './insight-cache';
import { cachedOrNewRun } from './insight-run';
import { describeInsight } from './insight-sentences';

/** Nobody's mutes: an endpoint hears of every insight, whoever muted what on their panel. */
const NO_USER = '00000000-0000-0000-0000-000000000000';

/**
 * `insight.found` (docs/product.md#webhooks): after an import, the account-wide insights of its
 * newest day, each told once ever (its id is the key), to endpoints that chose the event, on a
 * plan with insights. Costs one query when no endpoint wants it; otherwise the run the insights
 * panel would make (and caches) anyway.
 */
export async function announceNewInsights(ctx: AppContext, accountId: string): Promise<number> {
  const [account] = await ctx.db
    .select({ plan: accounts.plan, status: accounts.subscriptionStatus })
    .from(accounts)
    .where(
      and(
        eq(accounts.id, accountId),
        sql`exists (select 1 from ${webhookEndpoints} where ${webhookEndpoints.accountId} = ${accountId}
          and ${webhookEndpoints.enabled} and 'insight.found' = any(${webhookEndpoints.events}))`,
      ),
    );
  if (!account) return 0;
  const plan = effectivePlan(
    PlanIdSchema.safeParse(account.plan).data ?? null,
    SubscriptionStatusSchema.safeParse(account.status).data,
  );
  if (!hasInsights(plan)) return 0;
  const scope = { partner_id: accountId };
  const range = await dataRange(ctx.db, scope);
  if (!range) return 0;
  const floors = ctx.config.insightFloors;
  const key = { accountId, scope: '', requestKey: `${range.to}:7:${volumeFloorsKey(floors)}` };
  const cached = await readCachedRun(ctx.db, key, NO_USER);
  const run = await cachedOrNewRun(ctx.db, key, cached, {
    scope,
    asOf: range.to,
    window: 7,
    floors,
  });
  const findings = run.insights.filter((insight) => insight.type !== 'pace');
  for (const insight of findings) {
    await queueWebhook(
      ctx.db,
      ctx.now(),
      accountId,
      'insight.found',
      {
        account_id: accountId,
        insight_id: insight.id,
        advertiser_name: insight.segment.advertiser ?? null,
        type: insight.type,
        metric: insight.metric,
        period: `${insight.period.from}/${insight.period.to}`,
        headline: describeInsight('en', insight),
      },
      { dedupeKey: `insight.found:${insight.id}` },
    );
  }
  return findings.length;
}
