import { randomUUID } from 'node:crypto';
import type { PlanId } from '@partner-portal/shared/plans';
import type { Db } from '../../../db/client';
import {
  accounts,
  localCustomers,
  localPaymentMethods,
  localSubscriptions,
  subscriptions,
} from '../../../db/schema/index';
import { eq } from 'drizzle-orm';
import { tokenizeCard } from './processor-cards';
import { addDays, addMonths } from './processor-clock';
import { newProcessorId } from './processor-ids';
import { finalizeInvoice, markInvoicePaid } from './processor-invoices';
import { planFor, planLine } from './processor-snapshot';

/**
 * The demo's paying account (docs/billing.md "Demo data"): a customer with a 4242 card on file,
 * a subscription a year old with one paid invoice a month, and the app's record of it, written
 * in the seed's transaction as the processor itself would have written them.
 */
export async function seedPaidSubscription(
  tx: Db,
  key: Buffer,
  input: { accountId: string; name: string; email: string; plan: PlanId; now: Date },
): Promise<void> {
  const plan = planFor(input.plan);
  const card = await tokenizeCard(
    tx,
    key,
    {
      number: '4242424242424242',
      expiry: `12/${String((input.now.getUTCFullYear() + 3) % 100).padStart(2, '0')}`,
      cvc: '123',
      name: input.name,
    },
    input.now,
  );
  const customerId = newProcessorId('cus');
  await tx.insert(localCustomers).values({
    id: customerId,
    name: input.name,
    email: input.email,
    defaultPaymentMethodId: card.token,
  });
  await tx
    .update(localPaymentMethods)
    .set({ customerId, attachedAt: input.now, offSessionReady: true })
    .where(eq(localPaymentMethods.id, card.token));
  // Started eleven months and ten days ago: twelve periods paid, the current one ends in ~3 weeks.
  const start = addDays(addMonths(input.now, -11), -10);
  const subscriptionId = newProcessorId('sub');
  const current = { start: addMonths(start, 11), end: addMonths(start, 12) };
  await tx.insert(localSubscriptions).values({
    id: subscriptionId,
    customerId,
    plan: plan.id,
    quantity: 1,
    status: 'active',
    currentPeriodStart: current.start,
    currentPeriodEnd: current.end,
    idempotencyKey: randomUUID(),
    createdAt: start,
  });
  let latest = '';
  for (let month = 0; month < 12; month += 1) {
    const period = { start: addMonths(start, month), end: addMonths(start, month + 1) };
    const invoice = await finalizeInvoice(tx, {
      customerId,
      subscriptionId,
      currency: plan.currency.code,
      lines: [planLine(plan, 1, period)],
      periodStart: period.start,
      periodEnd: period.end,
      issuedAt: period.start,
    });
    await markInvoicePaid(tx, invoice.id, period.start, {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    });
    latest = invoice.id;
  }
  await tx
    .update(localSubscriptions)
    .set({ latestInvoiceId: latest })
    .where(eq(localSubscriptions.id, subscriptionId));
  // The account and the app's record start with the first invoice, so the console's MRR history
  // is the one these invoices tell.
  await tx
    .update(accounts)
    .set({
      billingCustomerId: customerId,
      plan: plan.id,
      subscriptionStatus: 'active',
      createdAt: start,
    })
    .where(eq(accounts.id, input.accountId));
  await tx.insert(subscriptions).values({
    accountId: input.accountId,
    provider: 'local',
    providerSubscriptionId: subscriptionId,
    plan: plan.id,
    status: 'active',
    seats: 1,
    currentPeriodStart: current.start,
    currentPeriodEnd: current.end,
    idempotencyKey: randomUUID(),
    createdAt: start,
  });
}
