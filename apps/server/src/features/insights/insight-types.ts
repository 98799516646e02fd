/** The engine's findings before they get an id and words (insight-run.ts, insight-sentences.ts). */
import type { InsightMetric } from '@partner-portal/shared/insight-rules';
import type { InsightContributor, InsightType } from '@partner-portal/shared/insights';
import type { Segment } from './engine/drivers-segments';
import type { Direction } from './engine/series';

export interface InsightPoint {
  date: string;
  value: number;
  low: number | null;
  high: number | null;
}

/** An insight before it is given an id and a sentence in the viewer's language. */
export interface EngineInsight {
  type: InsightType;
  metric: InsightMetric;
  segment: Segment;
  direction: Direction;
  good: boolean | null;
  value: number;
  expected: number;
  delta: number;
  z: number | null;
  confidence: 'high' | 'medium';
  interval: { low: number; high: number } | null;
  period: { from: string; to: string };
  series: InsightPoint[];
  contributors: InsightContributor[];
  /** Shift: how many flagged days make it up. Driver: whether "X % explained by" may be said. */
  days?: number;
  explains?: boolean;
  score: number;
}
