import { z } from 'zod';
import { INSIGHT_METRICS } from './insight-rules';
import { REPORT_DIMENSIONS } from './report-data';
import { calendarDay, storableText } from './validation';

/*
 * The insights API (docs/insights.md): what GET /api/insights takes and answers, the feedback a
 * viewer gives a card, and the owner's narrative switch. The panel's forms and the server's
 * validation read these same schemas.
 */

export const INSIGHT_TYPES = ['anomaly', 'shift', 'mover', 'driver', 'pace'] as const;
export type InsightType = (typeof INSIGHT_TYPES)[number];

/** How many of the latest days the anomaly test looks at by default, and at most. */
export const INSIGHT_DEFAULT_WINDOW = 7;
export const INSIGHT_MAX_WINDOW = 28;
/** The panel shows this many cards; the API ranks every insight and the panel takes the top. */
export const INSIGHT_PANEL_CARDS = 5;
/** "Mute this series for 30 days", and the longest a mute may be asked for. */
export const INSIGHT_DEFAULT_MUTE_DAYS = 30;
export const INSIGHT_MAX_MUTE_DAYS = 365;
/** How many days of values each insight's sparkline carries. */
export const INSIGHT_SPARKLINE_DAYS = 28;

export const InsightMetricSchema = z.enum(INSIGHT_METRICS);

export const InsightsQuerySchema = z.strictObject({
  workbook_id: storableText().trim().min(1).max(200),
  /** The day the insights are as of; by default the last day with data. */
  as_of: calendarDay().optional(),
  metric: InsightMetricSchema.optional(),
  window: z.coerce
    .number()
    .int()
    .min(1)
    .max(INSIGHT_MAX_WINDOW)
    .optional()
    .default(INSIGHT_DEFAULT_WINDOW),
});
export type InsightsQuery = z.infer<typeof InsightsQuerySchema>;

/** 1–3 dimensions fixed to a value; empty: everything the viewer sees. */
export const InsightSegmentSchema = z.partialRecord(z.enum(REPORT_DIMENSIONS), z.string());
export type InsightSegment = z.infer<typeof InsightSegmentSchema>;

/** One day of a sparkline: the value and, where a baseline exists, the expected band. */
export const InsightPointSchema = z.object({
  date: z.string(),
  value: z.number(),
  low: z.number().nullable(),
  high: z.number().nullable(),
});

/** A segment's share in what changed, for the Why? drawer. */
export const InsightContributorSchema = z.object({
  segment: InsightSegmentSchema,
  before: z.number(),
  after: z.number(),
  change: z.number(),
  /** change / the total change. */
  share: z.number(),
});
export type InsightContributor = z.infer<typeof InsightContributorSchema>;

export const INSIGHT_CONFIDENCES = ['high', 'medium'] as const;

export const InsightSchema = z.object({
  id: z.string(),
  type: z.enum(INSIGHT_TYPES),
  metric: InsightMetricSchema,
  segment: InsightSegmentSchema,
  direction: z.enum(['up', 'down']),
  /** Good news for this viewer (true), bad (false), or neither (null): insight-rules. */
  good: z.boolean().nullable(),
  /** What happened: the day's value, the last 7 days' sum, or the month's projection (pace). */
  value: z.number(),
  /** What it is compared with: the usual day, the 7 days before, or last month's total (pace). */
  expected: z.number(),
  /** (value − expected) / expected. */
  delta: z.number(),
  /** Robust z-score; null for pace, which is a forecast rather than a test. */
  z: z.number().nullable(),
  confidence: z.enum(INSIGHT_CONFIDENCES),
  /** Pace only: the 95 % interval of the projection. */
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** The first and last day the insight is about. */
  period: z.object({ from: z.string(), to: z.string() }),
  sentence: z.string(),
  series: z.array(InsightPointSchema),
  contributors: z.array(InsightContributorSchema),
});
export type Insight = z.infer<typeof InsightSchema>;

export const INSIGHT_STATUSES = ['ok', 'insufficient_history', 'no_data'] as const;

export const InsightsResponseSchema = z.object({
  status: z.enum(INSIGHT_STATUSES),
  as_of: z.string().nullable(),
  /** The last day with data at or before as_of. */
  data_through: z.string().nullable(),
  insights: z.array(InsightSchema),
  /**
   * Whether the account owner turned the AI summary on, whether this server has a model to write
   * it (AI_BASE_URL), and whether this viewer may switch it.
   */
  narrative_enabled: z.boolean(),
  narrative_available: z.boolean(),
  can_configure: z.boolean(),
  narrative: z.string().optional(),
});
export type InsightsResponse = z.infer<typeof InsightsResponseSchema>;

/** POST /api/insights/{id}/feedback */
export const InsightFeedbackSchema = z.strictObject({
  useful: z.boolean(),
  /** Hide this insight's series (metric × segment) from this viewer for that many days. */
  mute_days: z.number().int().min(1).max(INSIGHT_MAX_MUTE_DAYS).optional(),
});
export type InsightFeedback = z.infer<typeof InsightFeedbackSchema>;

export const InsightIdParamsSchema = z.strictObject({ id: z.string().min(1).max(64) });

/** PATCH /api/insights/settings */
export const InsightSettingsSchema = z.strictObject({ narrative: z.boolean() });
export type InsightSettings = z.infer<typeof InsightSettingsSchema>;
