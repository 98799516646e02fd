import { z } from 'zod';
import { encodeMessage } from './form-messages';
import { ASSIGNABLE_PERMISSIONS, PERMISSIONS } from './permission-rules';
import { PLAN_IDS } from './plan-rules';
import { requiredText, URL_PATTERN } from './validation';

/*
 * Outbound webhooks (docs/product.md#webhooks): an account's own systems hear of changes as
 * signed HTTP POSTs, after the Standard Webhooks specification. What each event's `data` holds
 * is declared here once; the server checks every event it queues against these shapes.
 */

export const WEBHOOK_EVENT_TYPES = [
  'member.invited',
  'member.joined',
  'member.updated',
  'member.removed',
  'plan.changed',
  'invoice.paid',
  'invoice.payment_failed',
  'report.imported',
  'insight.found',
  'alert.triggered',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "Send test event" sends, to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Endpoints one account may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** How long the previous secret keeps signing after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3600_000;
/** A receiver has this long to answer one delivery. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Failed deliveries are tried again for this long after the event, then the endpoint is disabled. */
export const WEBHOOK_GIVE_UP_MS = 3 * 24 * 3600_000;
/**
 * The wait before each retry: growing, about as Svix and Stripe space theirs, and repeating the
 * last until WEBHOOK_GIVE_UP_MS has passed (about 12 tries in three days).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
] as const;
export const WEBHOOK_DELIVERIES_PAGE_MAX = 100;

const id = z.string();
const isoTime = z.string();

const memberShape = {
  account_id: id,
  user_id: id,
  email: z.string(),
};

const memberAccess = z.object({
  permission: z.enum(PERMISSIONS),
  advertiser_name: z.string().nullable(),
});

/** Each event's `data`; ids and what changed, never a secret or a card. */
export const WEBHOOK_EVENT_DATA = {
  'member.invited': z.object({
    account_id: id,
    invite_id: id,
    email: z.string(),
    permission: z.enum(ASSIGNABLE_PERMISSIONS),
    advertiser_name: z.string().nullable(),
  }),
  'member.joined': z.object({
    ...memberShape,
    permission: z.enum(PERMISSIONS),
    via: z.enum(['invite', 'sso', 'scim']),
  }),
  'member.updated': z.object({
    ...memberShape,
    before: memberAccess,
    after: memberAccess,
    via: z.enum(['team', 'scim']),
  }),
  'member.removed': z.object({ ...memberShape, via: z.enum(['team', 'scim', 'left']) }),
  'plan.changed': z.object({
    account_id: id,
    before: z.object({ plan: z.enum(PLAN_IDS), status: z.string() }),
    after: z.object({ plan: z.enum(PLAN_IDS), status: z.string() }),
  }),
  'invoice.paid': z.object({
    account_id: id,
    invoice_id: id,
    number: z.string().nullable(),
    amount: z.number().int(),
    currency: z.string(),
  }),
  'invoice.payment_failed': z.object({
    account_id: id,
    amount: z.number().int(),
    currency: z.string(),
    action_required: z.boolean(),
    next_attempt_at: isoTime.nullable(),
  }),
  'report.imported': z.object({
    account_id: id,
    import_id: id,
    file_name: z.string(),
    rows: z.number().int(),
  }),
  'insight.found': z.object({
    account_id: id,
    insight_id: id,
    /** Null for the whole account; else the one advertiser the insight is about. */
    advertiser_name: z.string().nullable(),
    type: z.string(),
    metric: z.string(),
    period: z.string(),
    headline: z.string(),
  }),
  'alert.triggered': z.object({
    account_id: id,
    alert_id: id,
    name: z.string(),
    metric: z.string(),
    value: z.number(),
    comparison: z.number().nullable(),
    day: z.string(),
  }),
  [WEBHOOK_TEST_EVENT]: z.object({ account_id: id, endpoint_id: id }),
} as const;
export type WebhookEventData = {
  [T in keyof typeof WEBHOOK_EVENT_DATA]: z.infer<(typeof WEBHOOK_EVENT_DATA)[T]>;
};

const webhookUrl = () =>
  requiredText({ max: 2000 }).regex(URL_PATTERN, {
    error: encodeMessage('global.form.url.error.invalid'),
  });

const isEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

// Checked as a whole, so a refusal names the list (`events`), not one of its items.
const eventList = z
  .array(z.string(), { error: encodeMessage('global.form.webhook_events.error.required') })
  .min(1, { error: encodeMessage('global.form.webhook_events.error.required') })
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .refine((events) => events.every(isEventType), {
    error: encodeMessage('global.form.webhook_events.error.unknown'),
  })
  .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)));

const description = requiredText({ max: 200 }).nullable();

/** POST /api/webhooks. Whether http or a private host is allowed is the server's setting. */
export const WebhookCreateInputSchema = z.strictObject({
  url: webhookUrl(),
  events: eventList,
  description: description.optional(),
});
export type WebhookCreateInput = z.input<typeof WebhookCreateInputSchema>;

/** PATCH /api/webhooks/{id}: any of the fields; `enabled: true` turns a disabled endpoint back on. */
export const WebhookPatchInputSchema = z
  .strictObject({
    url: webhookUrl().optional(),
    events: eventList.optional(),
    description: description.optional(),
    enabled: z.boolean().optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, {
    error: encodeMessage('global.form.input.error.required', { label: 'url' }),
  });
export type WebhookPatchInput = z.input<typeof WebhookPatchInputSchema>;

export const WEBHOOK_DISABLED_REASONS = ['manual', 'failing'] as const;

export const WebhookEndpointSchema = z.object({
  id,
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it is off: turned off by someone, or given up on after three days of failures. */
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  created_at: isoTime,
  /** While a rotated-out secret still signs too: when it stops. */
  previous_secret_expires_at: isoTime.nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookListSchema = z.object({
  endpoints: z.array(WebhookEndpointSchema),
  max: z.number().int(),
});
export type WebhookList = z.infer<typeof WebhookListSchema>;

/** The answer that shows the signing secret, once: creation and rotation. */
export const WebhookRevealSchema = WebhookEndpointSchema.extend({ secret: z.string() });
export type WebhookReveal = z.infer<typeof WebhookRevealSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliverySchema = z.object({
  id,
  /** The `webhook-id` header: the same on every try of one event to one endpoint. */
  message_id: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  /** What went wrong on the last try (a timeout, a refused address), when no status says it. */
  error: z.string().nullable(),
  created_at: isoTime,
  last_attempt_at: isoTime.nullable(),
  next_attempt_at: isoTime.nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveriesQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(WEBHOOK_DELIVERIES_PAGE_MAX).optional().default(20),
});

export const WebhookDeliveryPageSchema = z.object({
  deliveries: z.array(WebhookDeliverySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;
