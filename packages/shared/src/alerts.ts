import { z } from 'zod';
import { encodeMessage } from './form-messages';
import { ReportFiltersSchema } from './report-data';
import { requiredText } from './validation';

/*
 * Metric alerts (docs/product.md#metric-alerts): a member is told when a number they watch moves,
 * read from the rows they may see, after every import and at each day's close.
 */

/** The report's metrics, margin (revenue − payout), and the two ratios the dashboards show. */
export const ALERT_METRICS = [
  'revenue',
  'payout',
  'margin',
  'conversions',
  'clicks',
  'impressions',
  'ctr',
  'cvr',
] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];
/** Ratios: clicks per impression and conversions per click, as fractions (0.031 is 3.1 %). */
export const RATIO_METRICS: readonly AlertMetric[] = ['ctr', 'cvr'];

export const ALERT_CHANNELS = ['email', 'webhook'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];
export const ALERT_WINDOWS = ['day', 'week'] as const;
export type AlertWindow = (typeof ALERT_WINDOWS)[number];

/** Alerts one member may keep. */
export const ALERTS_PER_MEMBER_MAX = 25;
/** The longest snooze. */
export const ALERT_SNOOZE_MAX_DAYS = 30;
export const ALERT_HISTORY_MAX = 100;

const number = () =>
  z
    .number({ error: encodeMessage('global.form.number.error.invalid') })
    .refine(Number.isFinite, { error: encodeMessage('global.form.number.error.invalid') });

export const AlertConditionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('threshold'),
    op: z.enum(['<', '>']),
    value: number().min(0, { error: encodeMessage('global.form.input.error.min', { min: 0 }) }),
  }),
  z.strictObject({
    type: z.literal('change'),
    window: z.enum(ALERT_WINDOWS),
    /** Signed percent: −20 fires on a fall of 20 % or more, 20 on a rise of 20 % or more. */
    pct: number()
      .min(-100, {
        error: encodeMessage('global.form.input.error.between', { min: -100, max: 1000 }),
      })
      .max(1000, {
        error: encodeMessage('global.form.input.error.between', { min: -100, max: 1000 }),
      })
      .refine((pct) => pct !== 0, {
        error: encodeMessage('global.form.alert.error.zero_change'),
      }),
  }),
  z.strictObject({ type: z.literal('anomaly') }),
]);
export type AlertCondition = z.infer<typeof AlertConditionSchema>;

const channels = z
  .array(z.enum(ALERT_CHANNELS), { error: encodeMessage('global.form.alert.error.channels') })
  .min(1, { error: encodeMessage('global.form.alert.error.channels') })
  .max(ALERT_CHANNELS.length)
  .transform((list) => ALERT_CHANNELS.filter((channel) => list.includes(channel)));

const alertShape = {
  name: requiredText({ max: 120 }),
  metric: z.enum(ALERT_METRICS),
  filters: ReportFiltersSchema.optional().default({}),
  condition: AlertConditionSchema,
  channels,
};

/** An anomaly is tested on a count or an amount, not on a ratio of two. */
const anomalyNeedsAmount = (alert: { metric?: AlertMetric; condition?: AlertCondition }) =>
  !(alert.condition?.type === 'anomaly' && alert.metric && RATIO_METRICS.includes(alert.metric));
const anomalyRule = {
  path: ['metric'],
  error: encodeMessage('global.form.alert.error.anomaly_ratio'),
};

/** POST /api/alerts. */
export const AlertCreateInputSchema = z
  .strictObject(alertShape)
  .refine(anomalyNeedsAmount, anomalyRule);
export type AlertCreateInput = z.input<typeof AlertCreateInputSchema>;

/**
 * PATCH /api/alerts/{id}: any field; `snoozed_until` an instant within 30 days (null wakes it);
 * the metric and condition are checked together with the stored ones by the server.
 */
export const AlertPatchInputSchema = z
  .strictObject({
    name: alertShape.name.optional(),
    metric: alertShape.metric.optional(),
    filters: ReportFiltersSchema.optional(),
    condition: AlertConditionSchema.optional(),
    channels: channels.optional(),
    snoozed_until: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, {
    error: encodeMessage('global.form.input.error.required', { label: 'name' }),
  });
export type AlertPatchInput = z.input<typeof AlertPatchInputSchema>;

export const ALERT_STATES = ['ok', 'triggered', 'stopped'] as const;
export type AlertState = (typeof ALERT_STATES)[number];

export const AlertSchema = z.object({
  id: z.string(),
  name: z.string(),
  metric: z.enum(ALERT_METRICS),
  filters: ReportFiltersSchema,
  condition: AlertConditionSchema,
  channels: z.array(z.enum(ALERT_CHANNELS)),
  /** `triggered` until the condition clears; `stopped` when its owner can no longer see the data. */
  state: z.enum(ALERT_STATES),
  snoozed_until: z.string().nullable(),
  last_value: z.number().nullable(),
  last_day: z.string().nullable(),
  last_triggered_at: z.string().nullable(),
  created_at: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;

export const AlertListSchema = z.object({
  alerts: z.array(AlertSchema),
  max: z.number().int(),
  /** Whether the anomaly condition is open to this member (Plus AI and above). */
  anomaly: z.boolean(),
});
export type AlertList = z.infer<typeof AlertListSchema>;

export const AlertHistoryEntrySchema = z.object({
  at: z.string(),
  /** The data day the evaluation read. */
  day: z.string(),
  event: z.enum(['triggered', 'cleared', 'stopped']),
  value: z.number().nullable(),
  /** What the value was held against: the threshold, the earlier period, the expected value. */
  comparison: z.number().nullable(),
  notified: z.boolean(),
});
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntrySchema>;
export const AlertHistorySchema = z.array(AlertHistoryEntrySchema);
