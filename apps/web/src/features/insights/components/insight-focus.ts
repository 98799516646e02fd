import type { Insight, InsightSegment } from '@partner-portal/shared/insights';
import type { ReportFocus } from '@partner-portal/shared/report-data';

/** The shortest range the workbook opens on: its KPI tiles then compare a week with the one before. */
const MIN_FOCUS_DAYS = 7;

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Where "open in dashboard" points the workbook: the insight's segment, narrowed to one of its
 * contributors when one is chosen, over the insight's period widened to at least a week.
 */
export function insightFocus(insight: Insight, contributor?: InsightSegment): ReportFocus {
  const weekStart = daysBefore(insight.period.to, MIN_FOCUS_DAYS - 1);
  return {
    filters: { ...insight.segment, ...contributor },
    range: {
      from: insight.period.from < weekStart ? insight.period.from : weekStart,
      to: insight.period.to,
    },
  };
}
