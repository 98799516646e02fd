import type { TFunction } from 'i18next';
import { z } from 'zod';
import {
  ALERT_CHANNELS,
  ALERT_METRICS,
  ALERT_WINDOWS,
  AlertCreateInputSchema,
  type AlertChannel,
  type AlertCondition,
  type AlertCreateInput,
  type AlertMetric,
} from '@partner-portal/shared/alerts';
import { encodeMessage } from '@partner-portal/shared/form-messages';
import {
  REPORT_DIMENSIONS,
  type ReportDimension,
  type ReportFilters,
} from '@partner-portal/shared/report-data';
import type { FormInputs } from '@/components/form/form-definition';
import { ApiError } from '@/lib/api-client';
import { isRatio } from './alert-format';

/** What the form starts from: an alert to edit, or a new one's prefilled parts (a dashboard's filters). */
export interface AlertDraft {
  name?: string;
  metric?: AlertMetric;
  filters?: ReportFilters;
  condition?: AlertCondition;
  channels?: readonly AlertChannel[];
}

const CONDITION_TYPES = ['threshold', 'change', 'anomaly'] as const;
type ConditionType = (typeof CONDITION_TYPES)[number];
type Direction = 'fall' | 'rise';

/** Field names hold no dot, which react-hook-form would read as a path. */
const filterField = (dimension: ReportDimension) => `filter_${dimension}`;
const channelField = (channel: AlertChannel) => `channel_${channel}`;
/** The checkbox under which a "channels" refusal shows: the first. */
const FIRST_CHANNEL_FIELD = channelField(ALERT_CHANNELS[0]);

/** The largest fall there can be; a rise may go up to the shared schema's 1000 %. */
const MAX_FALL_PCT = 100;
const MAX_RISE_PCT = 1000;

const oneOf = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  list.find((item) => item === value) ?? fallback;

/*
 * Ratios are fractions in the API (0.031) and percentages on screen (3.1): rounded on the way
 * in and out, so 1.1 % is sent as 0.011, not 0.011000000000000001.
 */
const toFraction = (percent: number) => Number((percent / 100).toFixed(10));
const toPercent = (fraction: number) => Number((fraction * 100).toFixed(8));

const shownMetric = (values: Record<string, unknown>) =>
  oneOf(ALERT_METRICS, values.metric, 'revenue');
const conditionType = (values: Record<string, unknown>) =>
  oneOf(CONDITION_TYPES, values.condition_type, 'threshold');
const isCondition = (type: ConditionType) => (values: Record<string, unknown>) =>
  conditionType(values) === type;
const isThreshold = isCondition('threshold');
const isChange = isCondition('change');

/** The form's starting values of a condition, as its fields hold them (text in number boxes). */
function conditionDefaults(metric: AlertMetric, condition: AlertCondition | undefined) {
  const defaults = {
    condition_type: condition?.type ?? 'threshold',
    threshold_op: '<',
    threshold_value: '',
    threshold_percent: '',
    change_direction: 'fall' as Direction,
    change_pct: '',
    change_window: 'day',
  };
  if (condition?.type === 'threshold') {
    defaults.threshold_op = condition.op;
    if (isRatio(metric)) defaults.threshold_percent = String(toPercent(condition.value));
    else defaults.threshold_value = String(condition.value);
  } else if (condition?.type === 'change') {
    defaults.change_direction = condition.pct < 0 ? 'fall' : 'rise';
    defaults.change_pct = String(Math.abs(condition.pct));
    defaults.change_window = condition.window;
  }
  return defaults;
}

/**
 * What the create and edit forms hold: the name, the metric, five optional filters in a group,
 * the condition (only its own type's fields shown) and the channels. `anomaly` is whether the
 * member's plan has the "unusual" condition; below it the option is there but refused, with why.
 */
export function alertInputs(t: TFunction, draft: AlertDraft, anomaly: boolean): FormInputs {
  const metric = draft.metric ?? 'revenue';
  const start = conditionDefaults(metric, draft.condition);
  const channels = draft.channels ?? ['email'];
  // An alert that already watches for anomalies keeps its condition if the plan changed since.
  const anomalyOpen = anomaly || draft.condition?.type === 'anomaly';
  const filtersGroup = t('alerts.form.groups.filters');
  const conditionGroup = t('alerts.form.groups.condition');
  const channelsGroup = t('alerts.form.groups.channels');
  return {
    name: {
      type: 'text',
      label: t('alerts.form.name'),
      placeholder: t('alerts.form.name_placeholder'),
      description: t('alerts.form.name_hint'),
      required: true,
      maxLength: 120,
      defaultValue: draft.name ?? '',
    },
    metric: {
      type: 'select',
      label: t('alerts.form.metric'),
      required: true,
      options: ALERT_METRICS.map((value) => ({ value, label: t(`alerts.metrics.${value}`) })),
      defaultValue: metric,
    },
    ...Object.fromEntries(
      REPORT_DIMENSIONS.map((dimension, index) => [
        filterField(dimension),
        {
          type: 'text',
          label: t(`alerts.form.filters.${dimension}`),
          placeholder: t(`alerts.form.filters.${dimension}_placeholder`),
          description: index === 0 ? t('alerts.form.filters_hint') : undefined,
          maxLength: 200,
          group: filtersGroup,
          defaultValue: draft.filters?.[dimension] ?? '',
        },
      ]),
    ),
    condition_type: {
      type: 'select',
      label: t('alerts.form.condition_type'),
      description: t(anomalyOpen ? 'alerts.form.anomaly_hint' : 'alerts.form.anomaly_locked'),
      required: true,
      group: conditionGroup,
      options: CONDITION_TYPES.map((value) => ({
        value,
        label:
          value === 'anomaly' && !anomalyOpen
            ? t('alerts.form.conditions.anomaly_locked')
            : t(`alerts.form.conditions.${value}`),
        disabled: value === 'anomaly' && !anomalyOpen,
      })),
      defaultValue: start.condition_type,
    },
    threshold_op: {
      type: 'select',
      label: t('alerts.form.threshold_op'),
      required: true,
      group: conditionGroup,
      options: [
        { value: '<', label: t('alerts.form.ops.below') },
        { value: '>', label: t('alerts.form.ops.above') },
      ],
      defaultValue: start.threshold_op,
      visible: isThreshold,
    },
    threshold_value: {
      type: 'number',
      label: t('alerts.form.threshold_value'),
      description: t('alerts.form.threshold_value_hint'),
      required: true,
      min: 0,
      group: conditionGroup,
      defaultValue: start.threshold_value,
      visible: (values) => isThreshold(values) && !isRatio(shownMetric(values)),
    },
    threshold_percent: {
      type: 'number',
      label: t('alerts.form.threshold_percent'),
      description: t('alerts.form.threshold_percent_hint'),
      required: true,
      min: 0,
      group: conditionGroup,
      defaultValue: start.threshold_percent,
      visible: (values) => isThreshold(values) && isRatio(shownMetric(values)),
    },
    change_direction: {
      type: 'select',
      label: t('alerts.form.change_direction'),
      required: true,
      group: conditionGroup,
      options: [
        { value: 'fall', label: t('alerts.form.directions.fall') },
        { value: 'rise', label: t('alerts.form.directions.rise') },
      ],
      defaultValue: start.change_direction,
      visible: isChange,
    },
    change_pct: {
      type: 'number',
      label: t('alerts.form.change_pct'),
      description: t('alerts.form.change_pct_hint'),
      required: true,
      min: 0,
      group: conditionGroup,
      defaultValue: start.change_pct,
      visible: isChange,
    },
    change_window: {
      type: 'select',
      label: t('alerts.form.change_window'),
      required: true,
      group: conditionGroup,
      options: ALERT_WINDOWS.map((value) => ({ value, label: t(`alerts.form.windows.${value}`) })),
      defaultValue: start.change_window,
      visible: isChange,
    },
    ...Object.fromEntries(
      ALERT_CHANNELS.map((channel) => [
        channelField(channel),
        {
          type: 'checkbox',
          label: t(`alerts.channels.${channel}`),
          description: t(`alerts.form.channel_hints.${channel}`),
          group: channelsGroup,
          defaultValue: channels.includes(channel),
        },
      ]),
    ),
  } satisfies FormInputs;
}

const text = (value: unknown) => String(value ?? '').trim();

/** The condition the shown fields describe; unreadable numbers go as NaN, for the schema to refuse. */
function conditionOf(values: Record<string, unknown>, metric: AlertMetric): AlertCondition {
  const number = (name: string) => (text(values[name]) === '' ? NaN : Number(values[name]));
  switch (conditionType(values)) {
    case 'threshold':
      return {
        type: 'threshold',
        op: values.threshold_op === '>' ? '>' : '<',
        value: isRatio(metric)
          ? toFraction(number('threshold_percent'))
          : number('threshold_value'),
      };
    case 'change': {
      const sign = values.change_direction === 'rise' ? 1 : -1;
      return {
        type: 'change',
        window: oneOf(ALERT_WINDOWS, values.change_window, 'day'),
        pct: sign * number('change_pct'),
      };
    }
    case 'anomaly':
      return { type: 'anomaly' };
  }
}

/** The form's values as the API takes them: trimmed text, the filled filters, the ticked channels. */
export function alertBody(values: Record<string, unknown>): AlertCreateInput & {
  filters: ReportFilters;
} {
  const metric = shownMetric(values);
  const filters: ReportFilters = {};
  for (const dimension of REPORT_DIMENSIONS) {
    const value = text(values[filterField(dimension)]);
    if (value !== '') filters[dimension] = value;
  }
  return {
    name: text(values.name),
    metric,
    filters,
    condition: conditionOf(values, metric),
    channels: ALERT_CHANNELS.filter((channel) => values[channelField(channel)] === true),
  };
}

/** The field that holds what a request path (`condition.pct`, `filters.country`…) names. */
function fieldOf(path: readonly PropertyKey[], values: Record<string, unknown>): string | null {
  const [key, detail] = path;
  switch (key) {
    case 'name':
    case 'metric':
      return key;
    case 'channels':
      return FIRST_CHANNEL_FIELD;
    case 'filters':
      return filterField(oneOf(REPORT_DIMENSIONS, detail, REPORT_DIMENSIONS[0]));
    case 'condition':
      switch (detail) {
        case 'value':
          return isRatio(shownMetric(values)) ? 'threshold_percent' : 'threshold_value';
        case 'op':
          return 'threshold_op';
        case 'pct':
          return 'change_pct';
        case 'window':
          return 'change_window';
        default:
          return 'condition_type';
      }
    default:
      return null;
  }
}

/** A fall is at most 100 %; said in the form's own terms rather than the signed API range. */
function changeBoundIssue(values: Record<string, unknown>): string | null {
  if (!isChange(values)) return null;
  const pct = Number(values.change_pct);
  const max = values.change_direction === 'rise' ? MAX_RISE_PCT : MAX_FALL_PCT;
  return Number.isFinite(pct) && pct > max
    ? encodeMessage('global.form.input.error.max', { max })
    : null;
}

/**
 * The shared create schema (the server's own check) run on the body the form would send, each
 * refusal shown under the field that holds the value. The edit form holds the whole alert too,
 * so it is checked the same way (the anomaly-on-a-ratio rule included).
 */
export function alertRequestSchema(): z.ZodType {
  return z.record(z.string(), z.unknown()).superRefine((values, ctx) => {
    const bound = changeBoundIssue(values);
    if (bound) ctx.addIssue({ code: 'custom', path: ['change_pct'], message: bound });
    const result = AlertCreateInputSchema.safeParse(alertBody(values));
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path, values);
      if (field) ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  });
}

/** A server refusal naming a request path (`condition.pct`) is shown under the field holding it. */
export function onAlertFormFields(error: unknown, values: Record<string, unknown>): unknown {
  if (!(error instanceof ApiError) || !error.inputError) return error;
  const field = fieldOf(error.inputError.split('.'), values);
  if (!field || field === error.inputError) return error;
  return new ApiError(error.status, error.message, {
    inputError: field,
    requestId: error.requestId,
  });
}
