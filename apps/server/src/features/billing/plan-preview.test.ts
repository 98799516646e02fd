import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/index';
import { apiCall, payingOwner } from '../../../test/billing-helpers';
import { signedInUser } from '../../../test/identity-helpers';
import { createTestContext } from '../../../test/test-context';
import { useTestApp } from '../../../test/use-test-app';
import { advanceBillingClock } from './billing-advance';

/*
 * GET /api/account/plan/preview and the quote it hands the change (docs/billing.md "Changing
 * plans"): the owner sees what a change charges before it does, and is charged exactly that.
 */
const env = useTestApp();
const db = () => env.database.db;

const preview = (token: string, plan: string) =>
  apiCall(env.app, token, 'GET', `/api/account/plan/preview?plan=${plan}`);
const choosePlan = (token: string, body: Record<string, unknown>) =>
  apiCall(env.app, token, 'POST', '/api/account/plan', body);

async function invoicesOf(token: string) {
  return (await apiCall(env.app, token, 'GET', '/api/account/billing/invoices')).json().data
    .invoices as { id: string; number: string; total: number }[];
}

describe('previewing a plan change', () => {
  it('an upgrade shows the credit, the charge and the total due today, and charges exactly that', async () => {
    const owner = await payingOwner(env.app, db());
    // Ten days in, so the credit and the charge are visibly partial.
    await advanceBillingClock(createTestContext(env.database), owner.user.email, 10);
    const answer = await preview(owner.token, 'free_plus_ai');
    expect(answer.statusCode, answer.body).toBe(200);
    const shown = answer.json().data;
    expect(shown).toMatchObject({
      plan: 'free_plus_ai',
      takes_effect: 'now',
      currency: 'usd',
      recurring: { amount: 9900, interval: 'month', seats: null },
      quote: expect.any(String),
    });
    const { credit, charge, total } = shown.due_today;
    expect(credit).toBeGreaterThan(0);
    expect(credit).toBeLessThan(4900);
    expect(charge).toBeGreaterThan(credit);
    expect(charge).toBeLessThan(9900);
    expect(total).toBe(charge - credit);
    const billing = (await apiCall(env.app, owner.token, 'GET', '/api/account/billing')).json()
      .data;
    expect(shown.next_billing_date).toBe(billing.period.end);
    // Nothing changed yet.
    expect(billing.plan).toBe('free_plus');
    expect(await invoicesOf(owner.token)).toHaveLength(1);

    const done = await choosePlan(owner.token, { plan: 'free_plus_ai', quote: shown.quote });
    expect(done.statusCode, done.body).toBe(200);
    const [latest] = await invoicesOf(owner.token);
    expect(done.json().data).toEqual({
      plan: 'free_plus_ai',
      subscription: 'active',
      scheduled_plan: null,
      effective_at: null,
      charged: {
        amount: total,
        currency: 'usd',
        invoice_id: latest?.id,
        invoice_number: latest?.number,
      },
    });
    expect(latest?.total).toBe(total);

    // The mail names the amount and its invoice, and its button opens that invoice.
    const [mail] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, owner.user.email), eq(outbox.template, 'plan_updated')))
      .orderBy(outbox.createdAt)
      .offset(1);
    const amount = `$${(total / 100).toFixed(2)}`;
    expect(mail?.text).toContain(`We charged ${amount} to your card (invoice ${latest?.number})`);
    expect(mail?.text).toContain(
      `View the invoice: http://localhost:8080/account/billing/invoice?id=${latest?.id}`,
    );
  });

  it('a lower plan says it takes effect at the period end and what it costs from then', async () => {
    const owner = await payingOwner(env.app, db(), 'free_plus_ai');
    const billing = (await apiCall(env.app, owner.token, 'GET', '/api/account/billing')).json()
      .data;
    const down = (await preview(owner.token, 'free_plus')).json().data;
    expect(down).toEqual({
      plan: 'free_plus',
      takes_effect: 'period_end',
      effective_at: billing.period.end,
      currency: 'usd',
      due_today: null,
      recurring: { amount: 4900, interval: 'month', seats: null },
      next_billing_date: billing.period.end,
      quote: null,
    });
    const free = (await preview(owner.token, 'free_core')).json().data;
    expect(free).toMatchObject({
      takes_effect: 'period_end',
      effective_at: billing.period.end,
      due_today: null,
      recurring: { amount: 0 },
      next_billing_date: null,
    });
  });

  it('a per-seat plan is priced for the seats it bills', async () => {
    const owner = await payingOwner(env.app, db());
    const pro = (await preview(owner.token, 'free_pro')).json().data;
    // One member, Pro's minimum of three seats at $39.
    expect(pro.recurring).toEqual({ amount: 11700, interval: 'month', seats: 3 });
    expect(pro.due_today.charge).toBeLessThanOrEqual(11700);
  });

  it('a quote made for another change, or altered, is refused and charges nothing', async () => {
    const owner = await payingOwner(env.app, db());
    const forAi = (await preview(owner.token, 'free_plus_ai')).json().data.quote as string;
    const other = await choosePlan(owner.token, { plan: 'free_pro', quote: forAi });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      inputError: 'quote',
      message: expect.stringMatching(/out of date/),
    });
    const [head, body, signature] = forAi.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    // The last second of the period would make the upgrade almost free.
    const forged = Buffer.from(
      JSON.stringify({ ...claims, proration_date: '2099-01-01T00:00:00.000Z' }),
    ).toString('base64url');
    const altered = await choosePlan(owner.token, {
      plan: 'free_plus_ai',
      quote: `${head}.${forged}.${signature}`,
    });
    expect(altered.statusCode).toBe(409);
    // Another account's quote does not fit this one.
    const stranger = await payingOwner(env.app, db());
    const theirs = (await preview(stranger.token, 'free_plus_ai')).json().data.quote;
    expect(
      (await choosePlan(owner.token, { plan: 'free_plus_ai', quote: theirs })).statusCode,
    ).toBe(409);
    expect(await invoicesOf(owner.token)).toHaveLength(1);
  });

  it('is the owner’s, needs a known plan, and sends a free account to the card form', async () => {
    const owner = await payingOwner(env.app, db());
    const admin = await signedInUser(env.app, db(), {
      account: owner.account,
      permission: 'admin',
    });
    expect((await preview(admin.token, 'free_plus_ai')).statusCode).toBe(403);
    const unknown = await preview(owner.token, 'free_gold');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ inputError: 'plan' });
    const free = await signedInUser(env.app, db(), { permission: 'owner' });
    const paid = await preview(free.token, 'free_plus');
    expect(paid.statusCode).toBe(402);
    expect(paid.json()).toMatchObject({ plan: 'free_plus' });
    expect((await preview(free.token, 'free_core')).json().data).toMatchObject({
      takes_effect: 'now',
      due_today: null,
      quote: null,
    });
  });
});
