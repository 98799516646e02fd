/**
 * The panel's order: how surprising a finding is (|z|, capped so one freak day cannot outrank
 * everything) times how much of the viewer's business it touches, weighted by type — a story
 * (a driver, a level shift) before a single day, and the month's pace, which is news every day,
 * last. A change that is neither good nor bad for this viewer counts for less.
 */
import type { InsightType } from '@partner-portal/shared/insights';
import type { EngineInsight } from './insight-types';

const Z_CAP = 20;
const TYPE_WEIGHT: Record<InsightType, number> = {
  driver: 1.4,
  shift: 1.4,
  mover: 1,
  anomaly: 0.8,
  pace: 0,
};
/** Below every test's score: shown when fewer than five findings stand out. */
const PACE_SCORE = 0.01;
const NEUTRAL_WEIGHT = 0.7;

/** How much of the scope's usual volume the insight is about (0–1). */
function weightOf(insight: EngineInsight, typicalDay: number): number {
  if (insight.type === 'driver') return 1;
  const days = insight.type === 'mover' ? 7 : 1;
  const size = Math.max(Math.abs(insight.value), Math.abs(insight.expected));
  return typicalDay > 0 ? Math.min(1, size / (days * typicalDay)) : 0;
}

export function scoreInsight(insight: EngineInsight, typicalDay = 0): number {
  if (insight.type === 'pace' || insight.z === null) return PACE_SCORE;
  const surprise = Math.min(Math.abs(insight.z), Z_CAP) / Z_CAP;
  const reach = 0.3 + 0.7 * Math.sqrt(weightOf(insight, Math.abs(typicalDay)));
  const relevance = insight.good === null ? NEUTRAL_WEIGHT : 1;
  return TYPE_WEIGHT[insight.type] * surprise * reach * relevance;
}
