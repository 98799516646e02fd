import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PaymentAction } from '@partner-portal/shared/billing';
import type { Database } from '../../db/client';
import {
  accounts,
  auditEvents,
  localSubscriptions,
  outbox,
  subscriptions,
} from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import type { FakeStripe } from '../../../test/fake-stripe/fake-stripe-server';
import { fakeStripeProvider, startFakeStripe } from '../../../test/fake-stripe/stripe-test-setup';
import { createUser } from '../../../test/factories';
import { createTestContext } from '../../../test/test-context';
import { createTestDatabase } from '../../../test/test-database';
import { customerIdOf } from './billing-customer';
import { ATTEMPT_GRACE_MS, reconcileBilling } from './billing-reconcile.service';
import { localProcessorDeps, localProcessorKey } from './create-billing-provider';
import { authenticatePayment } from './local-processor/processor-authenticate';
import { tokenizeCard } from './local-processor/processor-cards';
import { runDueRenewals } from './local-processor/processor-renewals';
import { upgradeAccount } from './upgrade.service';

/*
 * Reconciliation (docs/billing.md "Reconciliation"), on both providers: the server dies while a
 * 3-D Secure payment is approved — the provider took the money, the app never recorded it — and
 * the account must end up on the plan it paid for, charged once, whether the job finds it first
 * or the owner retries with another plan.
 */

let database: Database;
let fake: FakeStripe;
let clock = new Date();
const db = () => database.db;

beforeAll(async () => {
  // Alone: the job compares every recent subscription, and must not touch other files' rows.
  database = await createTestDatabase({ alone: true });
  fake = await startFakeStripe();
});
afterAll(async () => {
  await database.close();
  await fake.close();
});

type Owner = Awaited<ReturnType<typeof createUser>>;

interface Setup {
  ctx: AppContext;
  /** A card token for a test number, made the way that provider's card form makes one. */
  token(number: string): Promise<string>;
  /** The cardholder approves at the provider; the app hears nothing (it died). */
  approveAtProvider(secret: string, customerId: string): Promise<void>;
  /** The customer's subscriptions at the provider, ended ones included. */
  providerSubscriptions(customerId: string): Promise<{ status: string }[]>;
  /** The provider runs what falls due up to `to`; its news is lost on the way to the app. */
  renewAtProvider(customerId: string, to: Date): Promise<void>;
}

const STRIPE_TOKENS: Record<string, string> = {
  '4242 4242 4242 4242': 'pm_card_visa',
  '4000 0025 0000 3155': 'pm_card_authenticationRequiredOnSetup',
  '4000 0000 0000 0341': 'pm_card_chargeCustomerFail',
};

const setups: Record<'built-in processor' | 'Stripe', () => Setup> = {
  'built-in processor': () => {
    const ctx = createTestContext(database, () => clock);
    return {
      ctx,
      token: async (number) =>
        (
          await tokenizeCard(
            db(),
            localProcessorKey(ctx.config),
            { number, expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
            clock,
          )
        ).token,
      approveAtProvider: async (secret, customerId) => {
        const deps = localProcessorDeps(ctx.config, db(), () => clock);
        await authenticatePayment(deps, secret, 'complete', customerId);
      },
      providerSubscriptions: (customerId) =>
        db()
          .select({ status: localSubscriptions.status })
          .from(localSubscriptions)
          .where(eq(localSubscriptions.customerId, customerId)),
      renewAtProvider: async (customerId) => {
        await runDueRenewals(
          localProcessorDeps(ctx.config, db(), () => clock),
          { customerId },
        );
      },
    };
  },
  Stripe: () => ({
    ctx: { ...createTestContext(database, () => clock), billing: fakeStripeProvider(fake) },
    token: async (number) => String(fake.books.paymentMethod(STRIPE_TOKENS[number] ?? '').id),
    approveAtProvider: async (secret) => {
      fake.books.authenticate(secret, 'complete');
    },
    providerSubscriptions: async (customerId) =>
      fake.books
        .listSubscriptions({ customer: customerId, status: 'all' })
        .map((sub) => ({ status: String(sub.status) })),
    renewAtProvider: async (_customerId, to) => {
      fake.books.advance(Math.max(0, Math.ceil(to.getTime() / 1000) - fake.books.now));
    },
  }),
};

function callerOf(owner: Owner) {
  return {
    actor: {
      userId: owner.user.id,
      accountId: owner.account.id,
      sessionId: randomUUID(),
      permission: 'owner' as const,
      impersonatorId: null,
      label: owner.user.email,
      keyId: null,
      expiresAt: new Date(Date.now() + 3_600_000),
    },
    meta: { ip: '127.0.0.1', userAgent: null },
  };
}

async function accountOf(accountId: string) {
  const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return account;
}

/**
 * Plus AI paid with a card that asks for 3-D Secure; the cardholder approves at the provider and
 * the server dies before recording it (the crash window of issue 37).
 */
async function paidButUnrecorded(setup: Setup) {
  const { ctx } = setup;
  const owner = await createUser(db(), { permission: 'owner' });
  const answer = await upgradeAccount(ctx, callerOf(owner), {
    plan: 'free_plus_ai',
    token: await setup.token('4000 0025 0000 3155'),
  });
  expect(answer).toMatchObject({ requires_payment_action: true });
  const customerId = await customerIdOf(ctx, owner.account.id);
  if (!customerId) throw new Error('no customer');
  await setup.approveAtProvider((answer as PaymentAction).client_secret, customerId);
  expect(await accountOf(owner.account.id)).toMatchObject({ plan: 'free_core' });
  const [row] = await db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, owner.account.id));
  expect(row).toMatchObject({ status: 'incomplete', plan: 'free_plus_ai' });
  expect(row?.providerSubscriptionId).toBeTruthy();
  return { owner, customerId };
}

async function paidInvoices(ctx: AppContext, customerId: string) {
  const { invoices } = await ctx.billing.listInvoices(customerId, { limit: 20 });
  return invoices.filter((invoice) => invoice.status === 'paid');
}

describe.each(Object.keys(setups) as (keyof typeof setups)[])('%s', (name) => {
  it('grants the plan a payment paid while the server died, charges nothing again, and changes nothing on a second run', async () => {
    clock = new Date();
    const setup = setups[name]();
    const { ctx } = setup;
    const { owner, customerId } = await paidButUnrecorded(setup);

    clock = new Date(Date.now() + ATTEMPT_GRACE_MS + 1_000);
    const first = await reconcileBilling(ctx);
    expect(first.filter((found) => found.accountId === owner.account.id)).toMatchObject([
      {
        ours: { plan: 'free_plus_ai', status: 'incomplete' },
        theirs: { plan: 'free_plus_ai', status: 'active' },
        done: 'recorded_provider_state',
        account: { plan: 'free_plus_ai', subscription: 'active' },
      },
    ]);
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_plus_ai',
      subscriptionStatus: 'active',
    });
    const invoices = await paidInvoices(ctx, customerId);
    expect(invoices.map((invoice) => invoice.total)).toEqual([9900]);
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, owner.account.id),
          eq(auditEvents.action, 'account.billing_reconciled'),
        ),
      );
    expect(audited).toHaveLength(1);

    expect(await reconcileBilling(ctx)).toEqual([]);
    expect(await paidInvoices(ctx, customerId)).toHaveLength(1);
    expect(await setup.providerSubscriptions(customerId)).toMatchObject([{ status: 'active' }]);
  });

  it('a retry with another plan after the crash is a plan change: the paid subscription kept, no second full charge', async () => {
    clock = new Date();
    const setup = setups[name]();
    const { ctx } = setup;
    const { owner, customerId } = await paidButUnrecorded(setup);

    const answer = await upgradeAccount(ctx, callerOf(owner), {
      plan: 'free_pro',
      token: await setup.token('4242 4242 4242 4242'),
    });
    expect(answer).toMatchObject({ plan: 'free_pro' });
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_pro',
      subscriptionStatus: 'active',
    });
    // One subscription, never cancelled: the $99 paid for Plus AI is credited, not lost.
    expect(await setup.providerSubscriptions(customerId)).toMatchObject([{ status: 'active' }]);
    const totals = (await paidInvoices(ctx, customerId)).map((invoice) => invoice.total);
    expect(totals).toContain(9900);
    expect(totals).toHaveLength(2);
    // The second invoice charges the difference for the period, not a second whole plan.
    expect(totals.reduce((sum, total) => sum + total, 0)).toBeLessThan(9900 + 11700);
  });

  it('finds a renewal refused while its news was lost: past_due recorded and the owner mailed once', async () => {
    clock = new Date();
    const setup = setups[name]();
    const { ctx } = setup;
    const owner = await createUser(db(), { permission: 'owner' });
    const paid = await upgradeAccount(ctx, callerOf(owner), {
      plan: 'free_plus',
      token: await setup.token('4000 0000 0000 0341'),
    });
    expect(paid).toMatchObject({ plan: 'free_plus' });
    const [row] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, owner.account.id));
    const periodEnd = row?.currentPeriodEnd;
    if (!periodEnd) throw new Error('no period recorded');

    // The renewal fails at the provider an hour and more after the app last touched the row.
    clock = new Date(periodEnd.getTime() + 2 * 60 * 60_000);
    const customerId = await customerIdOf(ctx, owner.account.id);
    await setup.renewAtProvider(customerId ?? '', new Date(periodEnd.getTime() + 1_000));
    expect(await accountOf(owner.account.id)).toMatchObject({ subscriptionStatus: 'active' });

    const found = await reconcileBilling(ctx);
    expect(found.filter((one) => one.accountId === owner.account.id)).toMatchObject([
      { ours: { status: 'active' }, theirs: { status: 'past_due' } },
    ]);
    expect(await accountOf(owner.account.id)).toMatchObject({ subscriptionStatus: 'past_due' });
    const notices = async () =>
      (await db().select().from(outbox).where(eq(outbox.to, owner.user.email))).filter(
        (mail) => mail.template === 'payment_failed',
      );
    const [notice] = await notices();
    expect(notice?.text).toContain('$49.00');
    expect(notice?.text).toContain('We will try again on');

    expect(
      (await reconcileBilling(ctx)).filter((one) => one.accountId === owner.account.id),
    ).toEqual([]);
    expect(await notices()).toHaveLength(1);
  });
});
