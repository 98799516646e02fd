import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  accounts,
  localInvoices,
  localPaymentIntents,
  outbox,
  subscriptions,
} from '../../db/schema/index';
import {
  apiCall,
  cardToken,
  payingOwner,
  postAuthenticate,
  postUpgrade,
  chargedUsd,
} from '../../../test/billing-helpers';
import { createUser } from '../../../test/factories';
import { signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

/*
 * POST /api/account/upgrade on the built-in card processor (docs/billing.md "Upgrading"): the
 * card token, the answer that asks for the cardholder, and the repeat call with `stripe`.
 */
const env = useTestApp();
const db = () => env.database.db;

async function accountOf(accountId: string) {
  const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return account;
}

async function invoicesOf(accountId: string) {
  const account = await accountOf(accountId);
  if (!account?.billingCustomerId) return [];
  return db()
    .select()
    .from(localInvoices)
    .where(eq(localInvoices.customerId, account.billingCustomerId));
}

async function chargesOf(accountId: string) {
  const account = await accountOf(accountId);
  if (!account?.billingCustomerId) return [];
  return db()
    .select()
    .from(localPaymentIntents)
    .where(
      and(
        eq(localPaymentIntents.customerId, account.billingCustomerId),
        eq(localPaymentIntents.purpose, 'payment'),
        inArray(localPaymentIntents.status, ['succeeded']),
      ),
    );
}

describe('choosing a paid plan without a card', () => {
  it('answers 402 with the plan, so the client opens the upgrade screen', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const answer = await apiCall(env.app, owner.token, 'POST', '/api/account/plan', {
      plan: 'free_plus',
    });
    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({ plan: 'free_plus', message: expect.any(String) });
  });
});

describe('upgrading with a card', () => {
  it('4242: active at once, the plan on the user, one paid invoice, the owner mailed', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const token = await cardToken(env.app, owner.token);
    const answer = await postUpgrade(env.app, owner.token, { plan: 'free_plus', token });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({
      data: {
        plan: 'free_plus',
        subscription: 'active',
        charged: chargedUsd(4900),
      },
      message: 'Payment received. Your plan is upgraded.',
    });
    const me = (await apiCall(env.app, owner.token, 'GET', '/api/user')).json().data;
    expect(me).toMatchObject({ plan: 'free_plus', subscription: 'active' });
    const invoices = await invoicesOf(owner.account.id);
    expect(invoices.map((invoice) => [invoice.status, invoice.total])).toEqual([['paid', 4900]]);
    const mails = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, owner.user.email), eq(outbox.template, 'plan_updated')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Plus');
  });

  it('3155: asks for the cardholder, then the repeat call finds the payment done', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const token = await cardToken(env.app, owner.token, '4000 0025 0000 3155');
    const first = await postUpgrade(env.app, owner.token, { plan: 'free_plus', token });
    expect(first.statusCode).toBe(200);
    const action = first.json().data;
    expect(action).toMatchObject({
      requires_payment_action: true,
      client_secret: expect.stringContaining('_secret_'),
      amount: 4900,
      currency: 'usd',
    });
    // Not yet paid: the account keeps its plan.
    expect((await accountOf(owner.account.id))?.plan).toBe('free_core');
    const approved = await postAuthenticate(env.app, owner.token, action.client_secret, 'complete');
    expect(approved.json().data).toEqual({ status: 'succeeded' });
    // The repeat call carries the first answer; its ids are not read (this one is a forgery).
    const repeat = await postUpgrade(env.app, owner.token, {
      plan: 'free_plus',
      token,
      stripe: { ...action, subscription: 'sub_someone_else' },
    });
    expect(repeat.json().data).toEqual({
      plan: 'free_plus',
      subscription: 'active',
      charged: chargedUsd(4900),
    });
    expect(await chargesOf(owner.account.id)).toHaveLength(1);
  });

  it('3155 refused: the repeat call is a field error and the plan is unchanged', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const token = await cardToken(env.app, owner.token, '4000 0025 0000 3155');
    const action = (await postUpgrade(env.app, owner.token, { plan: 'free_plus', token })).json()
      .data;
    await postAuthenticate(env.app, owner.token, action.client_secret, 'fail');
    const repeat = await postUpgrade(env.app, owner.token, {
      plan: 'free_plus',
      token,
      stripe: action,
    });
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json()).toMatchObject({
      inputError: 'token',
      message: expect.stringMatching(/bank/),
    });
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_core',
      subscriptionStatus: 'active',
    });
    // A new attempt with another card goes through.
    const other = await cardToken(env.app, owner.token);
    const retried = await postUpgrade(env.app, owner.token, { plan: 'free_plus', token: other });
    expect(retried.json().data).toEqual({
      plan: 'free_plus',
      subscription: 'active',
      charged: chargedUsd(4900),
    });
  });

  it.each([
    ['4000 0000 0000 0002', /declined/],
    ['4000 0000 0000 9995', /insufficient funds/],
    ['4000 0000 0000 0069', /expired/],
  ])('%s is a field error on the card and subscribes nothing', async (number, message) => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const token = await cardToken(env.app, owner.token, number);
    const answer = await postUpgrade(env.app, owner.token, { plan: 'free_plus', token });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      inputError: 'token',
      message: expect.stringMatching(message),
    });
    expect((await accountOf(owner.account.id))?.plan).toBe('free_core');
    expect(await invoicesOf(owner.account.id)).toEqual([]);
    const open = await db()
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.accountId, owner.account.id),
          inArray(subscriptions.status, ['incomplete', 'active']),
        ),
      );
    expect(open).toEqual([]);
  });

  it('20 parallel calls make one subscription and one charge', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const token = await cardToken(env.app, owner.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        postUpgrade(env.app, owner.token, { plan: 'free_plus', token }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    const rows = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.accountId, owner.account.id));
    expect(rows.filter((row) => row.status === 'active')).toHaveLength(1);
    expect(await chargesOf(owner.account.id)).toHaveLength(1);
    expect(await invoicesOf(owner.account.id)).toHaveLength(1);
  });

  it('a double submit after success is the plan already held: 409, nothing more charged', async () => {
    const owner = await payingOwner(env.app, db());
    const again = await postUpgrade(env.app, owner.token, {
      plan: 'free_plus',
      token: owner.cardToken,
    });
    expect(again.statusCode).toBe(409);
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_plus',
      subscriptionStatus: 'active',
    });
    expect(await chargesOf(owner.account.id)).toHaveLength(1);
  });

  it('is for admins (docs/product.md#roles-and-permissions); a user gets 403 and nothing is charged', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const { user } = await createUser(db(), { account: owner.account, permission: 'admin' });
    expect(user.id).toBeTruthy();
    const member = await signedInUser(env.app, db(), {
      account: owner.account,
      permission: 'user',
    });
    const answer = await postUpgrade(env.app, member.token, { plan: 'free_plus', token: 'pm_x' });
    expect(answer.statusCode).toBe(403);
  });

  it('never trusts a token of another account', async () => {
    const mallory = await signedInUser(env.app, db(), { permission: 'owner' });
    const victim = await signedInUser(env.app, db(), { permission: 'owner' });
    const victimCard = await cardToken(env.app, victim.token);
    await postUpgrade(env.app, victim.token, { plan: 'free_plus', token: victimCard });
    const answer = await postUpgrade(env.app, mallory.token, {
      plan: 'free_plus',
      token: victimCard,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().inputError).toBe('token');
    expect((await accountOf(mallory.account.id))?.plan).toBe('free_core');
  });
});
