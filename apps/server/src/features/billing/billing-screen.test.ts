import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accounts, outbox, subscriptions } from '../../db/schema/index';
import { apiCall, cardToken, payingOwner, postAuthenticate } from '../../../test/billing-helpers';
import { createUser } from '../../../test/factories';
import { signedInUser } from '../../../test/identity-helpers';
import { createTestContext } from '../../../test/test-context';
import { useTestApp } from '../../../test/use-test-app';
import { advanceBillingClock } from './billing-advance';
import { syncSeats } from './billing-seats';

/*
 * The owner's billing screen and what moves it (docs/billing.md): the overview, invoices and
 * their PDF, plan changes now and at the period end, renewals with the test clock, dunning.
 */
const env = useTestApp();
const db = () => env.database.db;
const advance = (email: string, days: number) =>
  advanceBillingClock(createTestContext(env.database), email, days);

const overview = async (token: string) =>
  (await apiCall(env.app, token, 'GET', '/api/account/billing')).json().data;

/** Moves the clock just past the period end (months differ in length), so one renewal runs. */
async function renew(owner: { token: string; user: { email: string } }) {
  const end = new Date((await overview(owner.token)).period.end).getTime();
  return advance(owner.user.email, Math.ceil((end - Date.now()) / 86_400_000));
}
const choosePlan = (token: string, plan: string) =>
  apiCall(env.app, token, 'POST', '/api/account/plan', { plan });

/** Oldest first: sending a mail updates its row, and PostgreSQL then returns it in a new place. */
async function mailsTo(email: string, template: string) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, template)))
    .orderBy(outbox.createdAt);
}

async function accountOf(id: string) {
  const [account] = await db().select().from(accounts).where(eq(accounts.id, id));
  return account;
}

describe('the billing screen', () => {
  it('shows a free account as such', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    expect(await overview(owner.token)).toMatchObject({
      provider: 'local',
      publishable_key: null,
      plan: 'free_core',
      status: 'active',
      amount: 0,
      card: null,
      period: null,
      next_invoice: null,
      payment_state: null,
    });
  });

  it('shows the plan, the period, the next invoice and the card of a paying account', async () => {
    const owner = await payingOwner(env.app, db());
    const shown = await overview(owner.token);
    expect(shown).toMatchObject({
      plan: 'free_plus',
      status: 'active',
      amount: 4900,
      currency: 'usd',
      interval: 'month',
      seats: null,
      cancel_at_period_end: false,
      scheduled_plan: null,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
      next_invoice: { amount: 4900 },
    });
    expect(shown.next_invoice.date).toBe(shown.period.end);
  });

  it('lists invoices, opens one, and serves its PDF; another account’s is not found', async () => {
    const owner = await payingOwner(env.app, db());
    const list = (
      await apiCall(env.app, owner.token, 'GET', '/api/account/billing/invoices')
    ).json().data;
    expect(list.next_cursor).toBeNull();
    const [invoice] = list.invoices;
    expect(invoice).toMatchObject({
      status: 'paid',
      total: 4900,
      number: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
    });
    const document = (
      await apiCall(env.app, owner.token, 'GET', `/api/account/billing/invoices/${invoice.id}`)
    ).json().data;
    expect(document).toMatchObject({
      number: invoice.number,
      customer: { name: owner.account.name, email: owner.user.email },
      seller: { name: 'Partner Portal' },
      lines: [{ description: 'Plus', amount: 4900, proration: false }],
      card: { last4: '4242' },
    });
    const pdf = await apiCall(
      env.app,
      owner.token,
      'GET',
      `/api/account/billing/invoices/${invoice.id}/pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const stranger = await payingOwner(env.app, db());
    const foreign = await apiCall(
      env.app,
      stranger.token,
      'GET',
      `/api/account/billing/invoices/${invoice.id}`,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('pages through invoices newest first', async () => {
    const owner = await payingOwner(env.app, db());
    await advance(owner.user.email, 95);
    const first = (
      await apiCall(env.app, owner.token, 'GET', '/api/account/billing/invoices?limit=3')
    ).json().data;
    expect(first.invoices).toHaveLength(3);
    const rest = (
      await apiCall(
        env.app,
        owner.token,
        'GET',
        `/api/account/billing/invoices?limit=3&cursor=${first.next_cursor}`,
      )
    ).json().data;
    expect(rest).toMatchObject({ next_cursor: null });
    expect(rest.invoices).toHaveLength(1);
    const dates = [...first.invoices, ...rest.invoices].map((invoice) => invoice.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('is the owner’s alone', async () => {
    const owner = await payingOwner(env.app, db());
    const admin = await signedInUser(env.app, db(), {
      account: owner.account,
      permission: 'admin',
    });
    expect((await apiCall(env.app, admin.token, 'GET', '/api/account/billing')).statusCode).toBe(
      403,
    );
  });
});

describe('changing plans', () => {
  it('a lower plan waits for the period end, can be undone, then applies at renewal', async () => {
    const owner = await payingOwner(env.app, db(), 'free_plus_ai');
    const period = (await overview(owner.token)).period;
    const down = await choosePlan(owner.token, 'free_plus');
    expect(down.json().data).toEqual({
      plan: 'free_plus_ai',
      subscription: 'active',
      scheduled_plan: 'free_plus',
      effective_at: period.end,
      charged: null,
    });
    expect(await mailsTo(owner.user.email, 'plan_scheduled')).toHaveLength(1);
    const undone = await choosePlan(owner.token, 'free_plus_ai');
    expect(undone.json().data.scheduled_plan).toBeNull();
    await choosePlan(owner.token, 'free_plus');
    await advance(owner.user.email, 32);
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_plus',
      subscriptionStatus: 'active',
    });
    expect((await overview(owner.token)).amount).toBe(4900);
  });

  it('the free plan cancels at the period end and leaves the account on Core', async () => {
    const owner = await payingOwner(env.app, db());
    const cancel = await choosePlan(owner.token, 'free_core');
    expect(cancel.json().data).toMatchObject({ plan: 'free_plus', scheduled_plan: 'free_core' });
    expect((await overview(owner.token)).cancel_at_period_end).toBe(true);
    await advance(owner.user.email, 32);
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_core',
      subscriptionStatus: 'active',
    });
    const updates = await mailsTo(owner.user.email, 'plan_updated');
    expect(updates.map((mail) => mail.subject)).toEqual([
      expect.stringContaining('Plus'),
      expect.stringContaining('Core'),
    ]);
  });

  it('a higher plan applies now, prorated on its own invoice', async () => {
    const owner = await payingOwner(env.app, db());
    const up = await choosePlan(owner.token, 'free_plus_ai');
    expect(up.json().data).toMatchObject({ plan: 'free_plus_ai', subscription: 'active' });
    const { invoices } = (
      await apiCall(env.app, owner.token, 'GET', '/api/account/billing/invoices')
    ).json().data;
    expect(invoices).toHaveLength(2);
    const proration = (
      await apiCall(env.app, owner.token, 'GET', `/api/account/billing/invoices/${invoices[0].id}`)
    ).json().data;
    expect(proration.lines.map((line: { proration: boolean }) => line.proration)).toEqual([
      true,
      true,
    ]);
    expect(proration.status).toBe('paid');
  });

  it('per-seat plans bill the members, at least the minimum, and a new member changes the count', async () => {
    const owner = await payingOwner(env.app, db(), 'free_pro');
    expect(await overview(owner.token)).toMatchObject({
      seats: { count: 1, price: 3900 },
      amount: 11700,
    });
    const { user } = await createUser(db(), { account: owner.account, permission: 'user' });
    expect(user).toBeTruthy();
    await syncSeats(createTestContext(env.database), owner.account.id);
    const shown = await overview(owner.token);
    expect(shown.seats.count).toBe(2);
    // Two members are still Pro's minimum of three seats.
    expect(shown.amount).toBe(11700);
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.accountId, owner.account.id), eq(subscriptions.status, 'active')),
      );
    expect(row?.seats).toBe(2);
  });
});

describe('moving up to a per-seat plan', () => {
  it('Plus → Pro for one member charges Pro’s minimum of seats, less the unused Plus', async () => {
    const owner = await payingOwner(env.app, db());
    const up = await choosePlan(owner.token, 'free_pro');
    expect(up.json().data).toMatchObject({ plan: 'free_pro', subscription: 'active' });
    const { invoices } = (
      await apiCall(env.app, owner.token, 'GET', '/api/account/billing/invoices')
    ).json().data;
    const [latest] = invoices;
    expect(latest).toMatchObject({ status: 'paid' });
    expect(latest.total).toBeGreaterThan(0);
    const lines = (
      await apiCall(env.app, owner.token, 'GET', `/api/account/billing/invoices/${latest.id}`)
    ).json().data.lines as { quantity: number; amount: number }[];
    // The credit line explains what is taken off; the charge is for three Pro seats.
    expect(lines.map((line) => [line.quantity, Math.sign(line.amount)])).toEqual([
      [1, -1],
      [3, 1],
    ]);
  });
});

describe('renewals and failed payments', () => {
  it('0341: past due after the renewal, the owner told; a new card pays it', async () => {
    const owner = await payingOwner(env.app, db(), 'free_plus', '4000 0000 0000 0341');
    const report = await renew(owner);
    expect(report).toMatchObject({ plan: 'free_plus', subscription: 'past_due' });
    const failed = await mailsTo(owner.user.email, 'payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.subject).toBe('Your latest payment failed');
    expect((await overview(owner.token)).payment_state).toBe('requires_payment_method');
    const me = (await apiCall(env.app, owner.token, 'GET', '/api/user')).json().data;
    expect(me.subscription).toBe('past_due');

    const token = await cardToken(env.app, owner.token);
    const updated = await apiCall(env.app, owner.token, 'PUT', '/api/account/billing/card', {
      token,
    });
    expect(updated.json().data).toEqual({
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    });
    expect(await accountOf(owner.account.id)).toMatchObject({ subscriptionStatus: 'active' });
    expect(await mailsTo(owner.user.email, 'card_updated')).toHaveLength(1);
  });

  it('3184: the renewal waits for the cardholder, who approves it from the billing screen', async () => {
    const owner = await payingOwner(env.app, db(), 'free_plus', '4000 0027 6000 3184');
    await renew(owner);
    expect(await mailsTo(owner.user.email, 'payment_action_required')).toHaveLength(1);
    const shown = await overview(owner.token);
    expect(shown).toMatchObject({ status: 'past_due', payment_state: 'requires_action' });
    const approved = await postAuthenticate(
      env.app,
      owner.token,
      shown.pending_action.client_secret,
      'complete',
    );
    expect(approved.json().data.status).toBe('succeeded');
    expect(await accountOf(owner.account.id)).toMatchObject({ subscriptionStatus: 'active' });
  });

  it('0341 unpaid through every retry: canceled, on Core, and told so', async () => {
    const owner = await payingOwner(env.app, db(), 'free_plus', '4000 0000 0000 0341');
    await renew(owner);
    for (const days of [1, 2, 2]) await advance(owner.user.email, days);
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_core',
      subscriptionStatus: 'canceled',
    });
    expect(await mailsTo(owner.user.email, 'payment_failed')).toHaveLength(3);
    expect(await mailsTo(owner.user.email, 'subscription_canceled')).toHaveLength(1);
    expect((await overview(owner.token)).payment_state).toBe('canceled');
    // Choosing Core puts the account back in order.
    const chosen = await choosePlan(owner.token, 'free_core');
    expect(chosen.json().data).toMatchObject({ plan: 'free_core', subscription: 'active' });
  });

  it('closing the account ends its subscription at once', async () => {
    const owner = await payingOwner(env.app, db());
    const closed = await apiCall(env.app, owner.token, 'DELETE', '/api/account', {
      password: 'Correct-horse-1!',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const rows = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, owner.account.id));
    expect(rows.map((row) => row.status)).toEqual(['canceled']);
  });
});
