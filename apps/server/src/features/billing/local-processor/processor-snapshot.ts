import { desc, eq } from 'drizzle-orm';
import type { InvoiceLine } from '@partner-portal/shared/billing';
import {
  billableSeats,
  findPlan,
  PlanIdSchema,
  planUnitCents,
  type Plan,
  type PlanId,
} from '@partner-portal/shared/plans';
import type { Db } from '../../../db/client';
import {
  localCustomers,
  localInvoices,
  localPaymentIntents,
  localSubscriptions,
} from '../../../db/schema/index';
import { AppError } from '../../../lib/app-error';
import { decryptSecret } from '../../../lib/secret-box';
import type {
  LatestInvoice,
  ProviderSubscriptionStatus,
  SubscriptionSnapshot,
  WaitingPayment,
} from '../../../lib/billing-provider';
import { customerNow } from './processor-clock';

export type LocalSubscriptionRow = typeof localSubscriptions.$inferSelect;
export type LocalCustomerRow = typeof localCustomers.$inferSelect;

/** What every processor operation needs: its books, its key, and the real clock. */
export interface ProcessorDeps {
  db: Db;
  /** Seals client secrets and keys card fingerprints (derived from the session secret). */
  key: Buffer;
  now: () => Date;
}

export function planFor(id: string): Plan {
  const plan = findPlan(id);
  if (!plan) throw new Error(`unknown plan ${id}`);
  return plan;
}

const planIdOrNull = (id: string | null): PlanId | null => PlanIdSchema.safeParse(id).data ?? null;

/**
 * One invoice line of `share` of a period of `plan` for an account of `members` members
 * (negative: credit), billing the seats the plan bills for them (docs/billing.md "Prices").
 */
export function planLine(
  plan: Plan,
  members: number,
  period: { start: Date; end: Date },
  options: { share?: number; credit?: boolean } = {},
): InvoiceLine {
  const seats = billableSeats(plan, members);
  const unit = Math.round(planUnitCents(plan) * (options.share ?? 1)) * (options.credit ? -1 : 1);
  return {
    description: plan.name,
    quantity: seats,
    unit_amount: unit,
    amount: unit * seats,
    period: { start: period.start.toISOString(), end: period.end.toISOString() },
    proration: options.share !== undefined,
  };
}

export async function loadCustomer(db: Db, id: string): Promise<LocalCustomerRow> {
  const [row] = await db.select().from(localCustomers).where(eq(localCustomers.id, id)).limit(1);
  if (!row) throw new AppError('not_found', 'error.not_found');
  return row;
}

/** The customer's time (its test clock applied). */
export async function nowFor(deps: ProcessorDeps, customerId: string): Promise<Date> {
  const customer = await loadCustomer(deps.db, customerId);
  return customerNow(deps.now(), customer.clockOffsetMs);
}

export async function loadSubscription(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<LocalSubscriptionRow> {
  const query = db.select().from(localSubscriptions).where(eq(localSubscriptions.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found', 'error.not_found');
  return row;
}

/**
 * The latest invoice, and its payment when the invoice is still open and waits for the
 * cardholder: one read.
 */
async function latestInvoiceOf(
  db: Db,
  key: Buffer,
  row: LocalSubscriptionRow,
): Promise<{ invoice: LatestInvoice | null; waiting: WaitingPayment | null }> {
  if (!row.latestInvoiceId) return { invoice: null, waiting: null };
  const [found] = await db
    .select({
      invoice: {
        id: localInvoices.id,
        number: localInvoices.number,
        total: localInvoices.total,
        currency: localInvoices.currency,
        status: localInvoices.status,
      },
      intent: localPaymentIntents,
    })
    .from(localInvoices)
    .leftJoin(localPaymentIntents, eq(localPaymentIntents.invoiceId, localInvoices.id))
    .where(eq(localInvoices.id, row.latestInvoiceId))
    .orderBy(desc(localPaymentIntents.createdAt))
    .limit(1);
  if (!found) return { invoice: null, waiting: null };
  const { status, ...invoice } = found.invoice;
  const latest = { ...invoice, paid: status === 'paid' };
  const intent = found.intent;
  if (
    status !== 'open' ||
    !intent ||
    !['requires_action', 'requires_payment_method'].includes(intent.status)
  ) {
    return { invoice: latest, waiting: null };
  }
  const waiting = intent.status === 'requires_action';
  return {
    invoice: latest,
    waiting: {
      state: waiting ? 'requires_action' : 'requires_payment_method',
      clientSecret: waiting ? decryptSecret(key, intent.clientSecretSealed) : null,
      amount: intent.amount,
      currency: intent.currency,
      description: intent.description,
      nextAttemptAt: row.nextAttemptAt,
    },
  };
}

export async function snapshotOf(
  db: Db,
  key: Buffer,
  row: LocalSubscriptionRow,
): Promise<SubscriptionSnapshot> {
  const latest = await latestInvoiceOf(db, key, row);
  return {
    id: row.id,
    customerId: row.customerId,
    status: row.status as ProviderSubscriptionStatus,
    plan: planIdOrNull(row.plan) ?? 'free_core',
    quantity: row.quantity,
    periodStart: row.currentPeriodStart,
    periodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduledPlan: planIdOrNull(row.scheduledPlan),
    pendingPlan: planIdOrNull(row.pendingPlan),
    waitingPayment: latest.waiting,
    latestInvoice: latest.invoice,
  };
}
