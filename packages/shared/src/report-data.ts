import { z } from 'zod';
import { encodeMessage } from './form-messages';
import { calendarDay, storableText } from './validation';

/** The longest range a report query may cover, so one request cannot scan years of rows. */
export const MAX_REPORT_RANGE_DAYS = 366 * 2;

const isoDate = calendarDay();

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The rules of every date range the API reads (both ends included, either one optional where the
 * query allows): the end not before the start (the error on `to`), and a span under
 * MAX_REPORT_RANGE_DAYS so one request cannot scan years of rows (the error on `from`).
 */
export function withRangeRules<S extends z.ZodType<{ from?: string; to?: string }>>(schema: S): S {
  return schema
    .refine((range) => !range.from || !range.to || range.from <= range.to, {
      path: ['to'],
      message: encodeMessage('global.form.date_range.error.order'),
    })
    .refine(
      (range) =>
        !range.from || !range.to || daysBetween(range.from, range.to) < MAX_REPORT_RANGE_DAYS,
      {
        path: ['from'],
        message: encodeMessage('global.form.date_range.error.too_long', {
          days: MAX_REPORT_RANGE_DAYS,
        }),
      },
    );
}

/** A date range, both ends included. */
export const ReportRangeQuerySchema = withRangeRules(z.object({ from: isoDate, to: isoDate }));
export type ReportRange = z.infer<typeof ReportRangeQuerySchema>;

export const REPORT_METRICS = [
  'impressions',
  'clicks',
  'conversions',
  'revenue',
  'payout',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];
export const REPORT_DIMENSIONS = [
  'advertiser',
  'campaign',
  'channel',
  'country',
  'device',
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];

export const MetricTotalsSchema = z.object({
  impressions: z.number(),
  clicks: z.number(),
  conversions: z.number(),
  revenue: z.number(),
  payout: z.number(),
});
export type MetricTotals = z.infer<typeof MetricTotalsSchema>;

/** One raw report row: its day, where it belongs and its figures (exports, the digest's CSV). */
export type ReportRecord = { date: string } & Record<ReportDimension, string> & MetricTotals;

/** KPI tiles: the range and the same number of days just before it. */
export const KpisResponseSchema = z.object({
  current: MetricTotalsSchema,
  previous: MetricTotalsSchema,
  previous_range: z.object({ from: z.string(), to: z.string() }),
});
export type KpisResponse = z.infer<typeof KpisResponseSchema>;

export const TrendResponseSchema = z.array(MetricTotalsSchema.extend({ date: z.string() }));
export type TrendResponse = z.infer<typeof TrendResponseSchema>;

export const BreakdownQuerySchema = ReportRangeQuerySchema.and(
  z.object({
    dimension: z.enum(REPORT_DIMENSIONS),
    sort: z
      .enum(['key', ...REPORT_METRICS])
      .optional()
      .default('revenue'),
    dir: z.enum(['asc', 'desc']).optional().default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    page_size: z.coerce.number().int().min(1).max(100).optional().default(10),
  }),
);
export type BreakdownQuery = z.infer<typeof BreakdownQuerySchema>;

export const BreakdownResponseSchema = z.object({
  rows: z.array(MetricTotalsSchema.extend({ key: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type BreakdownResponse = z.infer<typeof BreakdownResponseSchema>;

/** POST /api/embed/session: the URL token in, a scoped data session out. */
export const EmbedSessionInputSchema = z.object({
  workbook_id: storableText().min(1).max(200),
  token: storableText().min(20).max(4096),
});
export const EmbedSessionResponseSchema = z.object({
  session: z.string(),
  expires_at: z.string(),
  workbook: z.object({ workbookId: z.string(), name: z.string() }),
  partner_name: z.string(),
  advertiser_name: z.string().nullable(),
  /** The first and last day with data, so the page can offer a sensible range. */
  data_range: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** Whether the viewer may load report data (owners and admins): the empty state says how. */
  can_import: z.boolean(),
});
export type EmbedSessionResponse = z.infer<typeof EmbedSessionResponseSchema>;
