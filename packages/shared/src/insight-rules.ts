/*
 * What the insights (the Plus AI plan's addition) measure, and which way is good news for whom.
 * Kept without zod beside the plan rules: the server's engine, the API and the panel all read
 * these, and a sentence must never call a partner's rising costs "good".
 */
import type { PlanId } from './plan-rules';

/** Plans whose accounts get insights: Plus AI, and Pro, which includes everything Plus AI does. */
export const INSIGHT_PLAN_IDS: readonly PlanId[] = ['free_plus_ai', 'free_pro'];

export function hasInsights(plan: PlanId | null | undefined): boolean {
  return plan != null && INSIGHT_PLAN_IDS.includes(plan);
}

/** The report's metrics plus margin (revenue − payout), which partners watch most. */
export const INSIGHT_METRICS = [
  'revenue',
  'payout',
  'margin',
  'clicks',
  'conversions',
  'impressions',
] as const;
export type InsightMetric = (typeof INSIGHT_METRICS)[number];

/**
 * The least a day must hold for an anomaly to be worth telling, per counted metric; money needs
 * `money` and `moneyShare` of the whole scope's usual day. Operators may raise or lower them
 * (INSIGHT_VOLUME_FLOORS); these are the defaults.
 */
export interface VolumeFloors {
  impressions: number;
  clicks: number;
  conversions: number;
  money: number;
  moneyShare: number;
}

export const DEFAULT_VOLUME_FLOORS: VolumeFloors = {
  impressions: 1_000,
  clicks: 100,
  conversions: 10,
  money: 50,
  moneyShare: 0.005,
};

/** The floors in a short string: part of a cached run's key, so new floors mean a new run. */
export function volumeFloorsKey(floors: VolumeFloors): string {
  return [
    floors.impressions,
    floors.clicks,
    floors.conversions,
    floors.money,
    floors.moneyShare,
  ].join('/');
}

/** Whose rows the viewer sees: the account's (partner members) or one advertiser's own. */
export type InsightViewer = 'partner' | 'advertiser';
type GoodDirection = 'up' | 'down' | 'neutral';

/**
 * Which way each metric moving is good news, for each kind of viewer, with the reason:
 * - a partner earns revenue and margin, and clicks, conversions and impressions feed them; payout
 *   is what the partner pays out, a cost, so it going down is the good direction;
 * - an advertiser viewer buys the partner's traffic: more clicks and conversions are what it pays
 *   for, while revenue (the partner's, i.e. the advertiser's spend) and payout are neither good nor
 *   bad on their own, and margin is the partner's business, not the advertiser's.
 */
const GOOD_DIRECTIONS: Record<InsightViewer, Record<InsightMetric, GoodDirection>> = {
  partner: {
    revenue: 'up',
    payout: 'down',
    margin: 'up',
    clicks: 'up',
    conversions: 'up',
    impressions: 'up',
  },
  advertiser: {
    revenue: 'neutral',
    payout: 'neutral',
    margin: 'neutral',
    clicks: 'up',
    conversions: 'up',
    impressions: 'neutral',
  },
};

/** Whether a move of `direction` in `metric` is good (true), bad (false) or neither (null). */
export function isGoodMove(
  metric: InsightMetric,
  direction: 'up' | 'down',
  viewer: InsightViewer,
): boolean | null {
  const good = GOOD_DIRECTIONS[viewer][metric];
  return good === 'neutral' ? null : good === direction;
}
