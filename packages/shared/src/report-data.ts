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

/** A date range, both ends included. */
export const ReportRangeQuerySchema = withRangeRules(z.object({ from: isoDate, to: isoDate }));
export type ReportRange = z.infer<typeof ReportRangeQuerySchema>;

const filterValue = () => storableText().trim().min(1).max(200);

/**
 * Dimensions fixed to one value each ("open in dashboard" from an insight). They only narrow: the
 * rows a viewer may read are bounded by their session's scope before any filter applies.
 */
export const ReportFiltersSchema = z.strictObject({
  advertiser: filterValue().optional(),
  campaign: filterValue().optional(),
  channel: filterValue().optional(),
  country: filterValue().optional(),
  device: filterValue().optional(),
});
export type ReportFilters = z.infer<typeof ReportFiltersSchema>;

/** The filters a value set holds, in REPORT_DIMENSIONS order (empty values dropped). */
export function activeFilters(filters: ReportFilters): [ReportDimension, string][] {
  return REPORT_DIMENSIONS.flatMap((dimension) => {
    const value = filters[dimension];
    return value ? [[dimension, value] as [ReportDimension, string]] : [];
  });
}

/**
 * Where "open in dashboard" points a workbook: filters, and the range it opens on. Both the
 * dashboard page's address and the built-in workbook's carry it as plain query parameters
 * (`advertiser=…&from=…&to=…`), read back here.
 */
export const ReportFocusSchema = z.object({
  filters: ReportFiltersSchema,
  range: ReportRangeQuerySchema.nullable(),
});
export type ReportFocus = z.infer<typeof ReportFocusSchema>;

/** A workbook as it opens by default: no filters, its own range. */
export const NO_REPORT_FOCUS: ReportFocus = { filters: {}, range: null };

/** What the focus reads and writes of URLSearchParams (this package assumes no DOM or Node types). */
export interface QueryParams {
  get(name: string): string | null;
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** A focus from query parameters; a value that does not pass the schemas is left out. */
export function readReportFocus(params: Pick<QueryParams, 'get'>): ReportFocus {
  const filters: ReportFilters = {};
  for (const dimension of REPORT_DIMENSIONS) {
    const parsed = filterValue().safeParse(params.get(dimension));
    if (parsed.success) filters[dimension] = parsed.data;
  }
  const range = ReportRangeQuerySchema.safeParse({
    from: params.get('from'),
    to: params.get('to'),
  });
  return { filters, range: range.success ? range.data : null };
}

/** Writes a focus into query parameters, replacing any focus they held. */
export function writeReportFocus<P extends QueryParams>(params: P, focus: ReportFocus): P {
  for (const key of [...REPORT_DIMENSIONS, 'from', 'to']) params.delete(key);
  for (const [dimension, value] of activeFilters(focus.filters)) params.set(dimension, value);
  if (focus.range) {
    params.set('from', focus.range.from);
    params.set('to', focus.range.to);
  }
  return params;
}

/** A range and, optionally, filters: what the KPI tiles and the trend read. */
export const ReportQuerySchema = withRangeRules(
  z.object({ from: isoDate, to: isoDate, ...ReportFiltersSchema.shape }),
);
export type ReportQuery = z.infer<typeof ReportQuerySchema>;

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

export const BreakdownQuerySchema = ReportQuerySchema.and(
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
