/**
 * One story, one card. A campaign whose traffic fell shows up as its clicks, its impressions and
 * its advertiser's totals falling, on several days: every one of those is true, and together they
 * would fill the panel with the same news. Ranked best first, an insight is kept only when no
 * kept one already tells its story: the same direction on the same segment or one nested in it,
 * or the very same numbers under another name (an advertiser whose only campaign runs in one
 * country: the campaign and the country are the same rows). The driver and the month's pace are
 * about the whole scope and always stand. Where two tell one story, the finer segment wins when
 * it moved at least as much, taking the better-ranked card's place and score (a story ranks by its
 * best telling).
 */
import { REPORT_DIMENSIONS } from '@partner-portal/shared/report-data';
import type { EngineInsight } from './insight-types';
import type { Segment } from './engine/drivers-segments';

/** Whether every value `outer` fixes, `inner` fixes the same way (inner is inside outer). */
function contains(outer: Segment, inner: Segment): boolean {
  return REPORT_DIMENSIONS.every(
    (dimension) => outer[dimension] === undefined || outer[dimension] === inner[dimension],
  );
}

function isAboutWholeScope(insight: EngineInsight): boolean {
  return insight.type === 'driver' || insight.type === 'pace';
}

function sameNumbers(a: EngineInsight, b: EngineInsight): boolean {
  return (
    a.type === b.type &&
    a.metric === b.metric &&
    a.period.from === b.period.from &&
    a.period.to === b.period.to &&
    a.value === b.value &&
    a.expected === b.expected
  );
}

function nested(a: EngineInsight, b: EngineInsight): boolean {
  return (
    a.direction === b.direction &&
    (contains(a.segment, b.segment) || contains(b.segment, a.segment))
  );
}

/** Whether `inner` fixes every value `outer` does and more: a strictly finer segment. */
function isFiner(inner: Segment, outer: Segment): boolean {
  return contains(outer, inner) && Object.keys(inner).length > Object.keys(outer).length;
}

export function keepOnePerStory(ranked: readonly EngineInsight[]): EngineInsight[] {
  const kept: EngineInsight[] = [];
  for (const insight of ranked) {
    if (isAboutWholeScope(insight)) {
      kept.push(insight);
      continue;
    }
    const earlier = kept.findIndex(
      (other) =>
        !isAboutWholeScope(other) && (nested(other, insight) || sameNumbers(other, insight)),
    );
    if (earlier < 0) {
      kept.push(insight);
      continue;
    }
    // The same story told of a finer segment that moved at least as much is the better telling:
    // "City Breaks −67 % since Friday" says where, where "Globex Travel −22 % this week" does not.
    const other = kept[earlier]!;
    if (
      isFiner(insight.segment, other.segment) &&
      Math.abs(insight.delta) >= Math.abs(other.delta)
    ) {
      // The same object, its score raised: the engine finds each kept insight's sparkline and
      // Why? rows by identity, and a copy here went without either.
      insight.score = Math.max(insight.score, other.score);
      kept[earlier] = insight;
    }
  }
  return kept;
}
