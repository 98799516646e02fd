/**
 * The insights API's rules (docs/insights.md): who may see insights (the Plus AI entitlement, the
 * workbook's own access), whose rows they come from, the cache, mutes and feedback, and the
 * owner's narrative switch.
 */
import { eq } from 'drizzle-orm';
import type { Locale } from '@partner-portal/shared/constants';
import {
  hasInsights,
  volumeFloorsKey,
  type VolumeFloors,
} from '@partner-portal/shared/insight-rules';
import type {
  Insight,
  InsightFeedback,
  InsightSettings,
  InsightsQuery,
  InsightsResponse,
} from '@partner-portal/shared/insights';
import { hasPermission } from '@partner-portal/shared/permissions';
import { accounts, insightFeedback, insightMutes } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import type { Actor } from '../../lib/auth-guard';
import type { ReportScope } from '../analytics/report-queries';
import { memberReportScope } from '../analytics/report-scope.service';
import {
  entitlementOf,
  loadViewer,
  requireOpenable,
  type Viewer,
} from '../analytics/workbook-access.service';
import {
  findStoredInsight,
  readCachedRun,
  storeNarrative,
  type CacheKey,
  type StoredInsight,
  type StoredRun,
} from './insight-cache';
import { NARRATIVE_CARDS, writeNarrative } from './insight-narrative';
import { cachedOrNewRun } from './insight-run';
import { describeInsight } from './insight-sentences';

const DAY_MS = 86_400_000;
/** The most cards one answer carries: the panel shows five, the rest are for mutes and filters. */
const INSIGHTS_ANSWERED = 20;

/** 402 with the plan to offer, for an account without the Plus AI entitlement. */
function requireInsightsPlan(actor: Actor, viewer: Viewer): void {
  if (!hasInsights(entitlementOf(actor, viewer).plan)) {
    throw new AppError('payment_required', 'error.insights_plan', { plan: 'free_plus_ai' });
  }
}

function scopeOf(actor: Actor, viewer: Viewer): ReportScope {
  return memberReportScope(actor.accountId, actor.permission, viewer.membership.advertiserName);
}

function cacheKeyOf(
  scope: ReportScope,
  query: Pick<InsightsQuery, 'as_of' | 'window'>,
  floors: VolumeFloors,
): CacheKey {
  return {
    accountId: scope.partner_id,
    scope: scope.advertiser_name ?? '',
    requestKey: `${query.as_of ?? 'latest'}:${query.window}:${volumeFloorsKey(floors)}`,
  };
}

function toApiInsight(locale: Locale, insight: StoredInsight): Insight {
  const { score: _score, days: _days, explains: _explains, seriesKey: _key, ...shown } = insight;
  return { ...shown, sentence: describeInsight(locale, insight) };
}

export async function getInsights(
  ctx: AppContext,
  actor: Actor,
  query: InsightsQuery,
  locale: Locale,
): Promise<InsightsResponse> {
  // A partner member's scope is the whole account, known before the membership is read: the
  // cache is read alongside the access checks (one round trip less on the panel's every open).
  // Nothing read is answered before the checks pass.
  const early =
    actor.permission === 'advertiser'
      ? null
      : readCachedRun(
          ctx.db,
          cacheKeyOf({ partner_id: actor.accountId }, query, ctx.config.insightFloors),
          actor.userId,
        );
  // The workbook's own rules first: a workbook the viewer may not open is 403 (or 402 Plus).
  const [{ viewer }, earlyRead] = await Promise.all([
    requireOpenable(ctx, actor, query.workbook_id),
    // A failed early read is read again below; caught here so a refusal leaves nothing unhandled.
    early?.catch(() => null) ?? null,
  ]);
  requireInsightsPlan(actor, viewer);
  const scope = scopeOf(actor, viewer);
  const key = cacheKeyOf(scope, query, ctx.config.insightFloors);
  const cached = earlyRead ?? (await readCachedRun(ctx.db, key, actor.userId));
  const run = await cachedOrNewRun(ctx.db, key, cached, {
    scope,
    asOf: query.as_of,
    window: query.window,
    floors: ctx.config.insightFloors,
  });
  const shown = run.insights
    .filter((insight) => !cached.muted.has(insight.seriesKey))
    .filter((insight) => query.metric === undefined || insight.metric === query.metric)
    .slice(0, INSIGHTS_ANSWERED);
  const narrative =
    viewer.account.insightsNarrative && query.metric === undefined
      ? await narrativeFor(ctx, key, run, shown, locale)
      : null;
  return {
    status: run.status,
    as_of: run.asOf,
    data_through: run.dataThrough,
    insights: shown.map((insight) => toApiInsight(locale, insight)),
    narrative_enabled: viewer.account.insightsNarrative,
    narrative_available: ctx.config.ai !== null,
    can_configure: hasPermission(actor.permission, 'owner'),
    ...(narrative ? { narrative } : {}),
  };
}

/**
 * The AI summary of the cards this viewer sees, asked for once per run, language and set of
 * cards (a member's mutes change the set), and kept with the run.
 */
async function narrativeFor(
  ctx: AppContext,
  key: CacheKey,
  run: StoredRun,
  shown: readonly StoredInsight[],
  locale: Locale,
): Promise<string | null> {
  if (!ctx.config.ai || run.status !== 'ok' || shown.length === 0) return null;
  const cards = shown.slice(0, NARRATIVE_CARDS);
  const narrativeKey = `${locale}:${cards.map((insight) => insight.id).join(',')}`;
  const stored = run.narratives?.[narrativeKey];
  if (stored !== undefined) return stored;
  const written = await writeNarrative(ctx.config, locale, cards, ctx.log);
  await storeNarrative(ctx.db, key, narrativeKey, written);
  return written;
}

/** 👍/👎 on a card the viewer was shown, and optionally "mute this series" for some days. */
export async function giveFeedback(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: InsightFeedback,
): Promise<void> {
  const viewer = await loadViewer(ctx, actor);
  requireInsightsPlan(actor, viewer);
  const scope = scopeOf(actor, viewer);
  // Only an insight computed for this viewer's own scope: an id is not a way into another's.
  const insight = await findStoredInsight(ctx.db, actor.accountId, scope.advertiser_name ?? '', id);
  if (!insight) throw new AppError('not_found', 'error.insight_not_found');
  await ctx.db.transaction(async (tx) => {
    await tx.insert(insightFeedback).values({
      accountId: actor.accountId,
      userId: actor.userId,
      insightId: id,
      type: insight.type,
      metric: insight.metric,
      seriesKey: insight.seriesKey,
      useful: input.useful,
    });
    if (input.mute_days === undefined) return;
    const mutedUntil = new Date(ctx.now().getTime() + input.mute_days * DAY_MS);
    await tx
      .insert(insightMutes)
      .values({
        accountId: actor.accountId,
        userId: actor.userId,
        seriesKey: insight.seriesKey,
        mutedUntil,
      })
      .onConflictDoUpdate({
        target: [insightMutes.accountId, insightMutes.userId, insightMutes.seriesKey],
        set: { mutedUntil },
      });
  });
}

/** The owner turns the AI summary on or off for the whole account (on a plan with insights); audited. */
export async function setInsightSettings(
  ctx: AppContext,
  caller: Caller,
  input: InsightSettings,
): Promise<InsightSettings & { available: boolean }> {
  const { actor } = caller;
  requireInsightsPlan(actor, await loadViewer(ctx, actor));
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ narrative: accounts.insightsNarrative })
      .from(accounts)
      .where(eq(accounts.id, actor.accountId))
      .for('update');
    if (!account) throw new AppError('not_found', 'error.not_found');
    if (account.narrative === input.narrative) return;
    await tx
      .update(accounts)
      .set({ insightsNarrative: input.narrative })
      .where(eq(accounts.id, actor.accountId));
    await recordChange(tx, caller, now, {
      action: 'account.insights_narrative_changed',
      targetType: 'account',
      targetId: actor.accountId,
      changes: { before: account.narrative, after: input.narrative },
    });
  });
  return { narrative: input.narrative, available: ctx.config.ai !== null };
}
