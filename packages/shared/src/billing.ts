import { z } from 'zod';
import { CardSummarySchema } from './card';
import { encodeMessage } from './form-messages';
import { PLAN_IDS, PlanIdSchema, PlanSchema, SubscriptionStatusSchema, type PlanId } from './plans';
import { storableText } from './validation';

/*
 * Request and response contracts of paid subscriptions (docs/billing.md). Amounts are integer
 * cents with a lower-case ISO currency code, as the payment providers count them.
 */

export const BILLING_PROVIDERS = ['local', 'stripe'] as const;
export const BillingProviderKindSchema = z.enum(BILLING_PROVIDERS);
export type BillingProviderKind = z.infer<typeof BillingProviderKindSchema>;

export const PAID_PLAN_IDS = PLAN_IDS.filter((id) => id !== 'free_core') as [PlanId, ...PlanId[]];
export const PaidPlanIdSchema = z.enum(PAID_PLAN_IDS, {
  error: encodeMessage('global.form.select.error.required'),
});

/** A card token from the active provider: the built-in processor's `tok_…` or Stripe's `pm_…`. */
export const CardTokenSchema = storableText(encodeMessage('global.form.card.error.token'))
  .trim()
  .min(1, { error: encodeMessage('global.form.card.error.token') })
  .max(255);

/**
 * The first answer of a payment that needs the cardholder, sent back as `stripe` on the repeat
 * call (the generic form's contract). The server reads nothing from it: it looks up its own
 * pending payment for the account.
 */
export const PaymentRepeatSchema = z.record(z.string(), z.unknown());

/** POST /api/account/upgrade. */
export const UpgradeInputSchema = z.strictObject({
  plan: PaidPlanIdSchema,
  token: CardTokenSchema,
  stripe: PaymentRepeatSchema.optional(),
});
export type UpgradeInput = z.infer<typeof UpgradeInputSchema>;

/** PUT /api/account/billing/card. */
export const CardUpdateInputSchema = z.strictObject({
  token: CardTokenSchema,
  stripe: PaymentRepeatSchema.optional(),
});
export type CardUpdateInput = z.infer<typeof CardUpdateInputSchema>;

/** What the cardholder is asked to approve, shown in the authentication dialog. */
export const PaymentActionSchema = z.object({
  requires_payment_action: z.literal(true),
  client_secret: z.string(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  description: z.string(),
});
export type PaymentAction = z.infer<typeof PaymentActionSchema>;

/** A payment a change took at once, and the invoice that shows it. */
export const ChargeSchema = z.object({
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  invoice_id: z.string(),
  invoice_number: z.string(),
});
export type Charge = z.infer<typeof ChargeSchema>;

export const PlanChangedSchema = z.object({
  plan: PlanIdSchema,
  subscription: SubscriptionStatusSchema,
  /** What the change charged the card now: null when it charged nothing (yet). */
  charged: ChargeSchema.nullable(),
});

/** Upgrade and card update answer either the outcome or the action the card needs first. */
export const UpgradeResponseSchema = z.union([PaymentActionSchema, PlanChangedSchema]);
export type UpgradeResponse = z.infer<typeof UpgradeResponseSchema>;

export const CardUpdateResponseSchema = z.union([
  PaymentActionSchema,
  z.object({ card: CardSummarySchema }),
]);

export function needsPaymentAction(answer: object): answer is PaymentAction {
  return 'requires_payment_action' in answer && answer.requires_payment_action === true;
}

/** docs/product.md#states-and-transitions "Billing messages": why the subscription needs the owner. */
export const PAYMENT_STATES = ['requires_payment_method', 'requires_action', 'canceled'] as const;
export const PaymentStateSchema = z.enum(PAYMENT_STATES);
export type PaymentState = z.infer<typeof PaymentStateSchema>;

const isoDate = z.string();

/** GET /api/account/billing: the owner's billing screen. */
export const BillingOverviewSchema = z.object({
  provider: BillingProviderKindSchema,
  /** Stripe.js needs it in the browser; absent for the built-in processor. */
  publishable_key: z.string().nullable(),
  plan: PlanIdSchema,
  status: SubscriptionStatusSchema,
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  interval: z.enum(['month', 'year']),
  seats: z
    .object({ count: z.number().int(), price: z.number().int(), cycle_end: isoDate.nullable() })
    .nullable(),
  period: z.object({ start: isoDate, end: isoDate }).nullable(),
  next_invoice: z.object({ date: isoDate, amount: z.number().int() }).nullable(),
  cancel_at_period_end: z.boolean(),
  /** A lower plan that takes over at the period end. */
  scheduled_plan: PlanIdSchema.nullable(),
  payment_state: PaymentStateSchema.nullable(),
  /** A payment waiting for the cardholder (a renewal that needs authentication). */
  pending_action: PaymentActionSchema.nullable(),
  card: CardSummarySchema.nullable(),
});
export type BillingOverview = z.infer<typeof BillingOverviewSchema>;

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);

export const InvoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  date: isoDate,
  status: InvoiceStatusSchema,
  total: z.number().int(),
  currency: z.string(),
  /** Stripe's hosted PDF; the built-in processor's PDF is served by our API. */
  pdf_url: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceIdParamsSchema = z.strictObject({ id: storableText().min(1).max(100) });

export const InvoiceListQuerySchema = z.strictObject({
  cursor: storableText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const InvoiceListSchema = z.object({
  invoices: z.array(InvoiceSummarySchema),
  next_cursor: z.string().nullable(),
});
export type InvoiceList = z.infer<typeof InvoiceListSchema>;

export const InvoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unit_amount: z.number().int(),
  amount: z.number().int(),
  period: z.object({ start: isoDate, end: isoDate }),
  proration: z.boolean(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

/** One invoice in full, for the printable view and the PDF. */
export const InvoiceDocumentSchema = InvoiceSummarySchema.extend({
  seller: z.object({ name: z.string(), address: z.array(z.string()), email: z.string() }),
  customer: z.object({ name: z.string(), email: z.string() }),
  period: z.object({ start: isoDate, end: isoDate }),
  lines: z.array(InvoiceLineSchema),
  subtotal: z.number().int(),
  paid_at: isoDate.nullable(),
  card: CardSummarySchema.nullable(),
});
export type InvoiceDocument = z.infer<typeof InvoiceDocumentSchema>;

/** POST /api/billing/local/authenticate: the issuer's answer in the built-in processor. */
export const LocalAuthenticateInputSchema = z.strictObject({
  client_secret: storableText().max(255),
  outcome: z.enum(['complete', 'fail']),
});

export const LocalAuthenticateResponseSchema = z.object({
  status: z.enum(['succeeded', 'requires_payment_method']),
});

/** The plan a change moves to takes effect now (an upgrade) or at the period end. */
export const PlanChangeResponseSchema = PlanChangedSchema.extend({
  scheduled_plan: PlanIdSchema.nullable(),
  effective_at: isoDate.nullable(),
});

/** Which provider takes cards, and what its browser part needs (Stripe's publishable key). */
export const PaymentsSettingsSchema = z.object({
  provider: BillingProviderKindSchema,
  publishable_key: z.string().nullable(),
});
export type PaymentsSettings = z.infer<typeof PaymentsSettingsSchema>;

/**
 * GET /api/account/plans: the catalogue, the plan the account has the use of now, and how cards
 * are taken (the upgrade screen draws the active provider's card form).
 */
export const PlansResponseSchema = z.object({
  plans: z.array(PlanSchema),
  active: PlanIdSchema.nullable(),
  payments: PaymentsSettingsSchema,
});
export const SelectPlanInputSchema = z.strictObject({
  plan: PlanIdSchema,
  /** The preview's quote: an upgrade then charges exactly what the preview showed. */
  quote: storableText().max(2_000).optional(),
});
export type SelectPlanInput = z.infer<typeof SelectPlanInputSchema>;

/** GET /api/account/plan/preview?plan=…: what choosing a plan would do, before it does it. */
export const PlanPreviewQuerySchema = z.strictObject({ plan: PlanIdSchema });

/**
 * What a plan change does (docs/billing.md "Changing plans"): a higher plan now, with what is
 * charged today (the new plan's share of the period left, less the unused share of the current
 * one); a lower plan or the free one from the period end, charging nothing now.
 */
export const PlanPreviewSchema = z.object({
  plan: PlanIdSchema,
  takes_effect: z.enum(['now', 'period_end']),
  effective_at: isoDate,
  currency: z.string(),
  /** Charged today; null when the change charges nothing now. */
  due_today: z
    .object({
      /** The unused part of the current plan, taken off (a positive amount). */
      credit: z.number().int().nonnegative(),
      /** The new plan for the rest of the period. */
      charge: z.number().int().nonnegative(),
      total: z.number().int(),
    })
    .nullable(),
  /** What every period costs on the new plan from then on. */
  recurring: z.object({
    amount: z.number().int().nonnegative(),
    interval: z.enum(['month', 'year']),
    /** Seats billed on a per-seat plan; null on a flat one. */
    seats: z.number().int().positive().nullable(),
  }),
  /** When the new plan is next billed. */
  next_billing_date: isoDate.nullable(),
  /** Sent back as `quote` with the change; valid for PLAN_QUOTE_TTL_MINUTES. */
  quote: z.string().nullable(),
});
export type PlanPreview = z.infer<typeof PlanPreviewSchema>;

/** How long a previewed upgrade's amount holds; after it the owner sees a fresh preview. */
export const PLAN_QUOTE_TTL_MINUTES = 30;
/**
 * POST /api/account/plan: the plan now or from the period end (docs/billing.md "Changing
 * plans"), or the action a prorated upgrade's payment needs first.
 */
export const SelectPlanResponseSchema = z.union([PaymentActionSchema, PlanChangeResponseSchema]);

/** POST /api/webhook/stripe: Stripe only needs a 2xx; `duplicate` marks an event seen before. */
export const WebhookReceiptSchema = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
});
