import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents, outbox } from '../../db/schema/index';
import {
  apiCall,
  cardToken,
  payingOwner,
  postAuthenticate,
  postUpgrade,
  chargedUsd,
} from '../../../test/billing-helpers';
import { bearer, randomIp, signedInUser } from '../../../test/identity-helpers';
import { createTestContext } from '../../../test/test-context';
import { useTestApp } from '../../../test/use-test-app';
import { advanceBillingClock } from './billing-advance';

/*
 * Card changes on the built-in processor (docs/billing.md "A new card"): whichever path puts a
 * card in place, the log has a row and the owner a card_updated mail; the plan already held is
 * no way to change the card. One database: nothing here differs between PGlite and PostgreSQL.
 */
const env = useTestApp();
const db = () => env.database.db;

type Owner = Awaited<ReturnType<typeof payingOwner>>;

const adminOf = (owner: Owner) =>
  signedInUser(env.app, db(), { account: owner.account, permission: 'admin' });

const mailsTo = (email: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, 'card_updated')));

const cardRows = (accountId: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(
      and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'account.card_updated')),
    );

const shownCard = async (owner: Owner) =>
  (await apiCall(env.app, owner.token, 'GET', '/api/account/billing')).json().data.card;

const switchCardNotices = (owner: Owner, active: boolean) =>
  env.app.inject({
    method: 'PATCH',
    url: '/api/notification',
    headers: bearer(owner.token),
    remoteAddress: randomIp(),
    payload: { card_updated: active },
  });

describe('the plan already held', () => {
  it('answers 409 to an admin with a new card, and the card stays the owner’s', async () => {
    const owner = await payingOwner(env.app, db());
    const admin = await adminOf(owner);
    const token = await cardToken(env.app, admin.token, '4000 0000 0000 0341');
    const answer = await postUpgrade(env.app, admin.token, { plan: 'free_plus', token });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      message: expect.stringMatching(/already on this plan/),
      inputError: 'plan',
    });
    expect(await shownCard(owner)).toMatchObject({ last4: '4242' });
    expect(await cardRows(owner.account.id)).toEqual([]);
    expect(await mailsTo(owner.user.email)).toEqual([]);
  });

  it('is refused to the owner too: the card route is the way to change the card', async () => {
    const owner = await payingOwner(env.app, db());
    const token = await cardToken(env.app, owner.token, '5555 5555 5555 4444');
    const answer = await postUpgrade(env.app, owner.token, { plan: 'free_plus', token });
    expect(answer.statusCode).toBe(409);
    expect(await shownCard(owner)).toMatchObject({ last4: '4242' });
  });
});

describe('a card changed with an upgrade', () => {
  it('is logged with the admin’s name and told to the owner, whose switch cannot hide it', async () => {
    const owner = await payingOwner(env.app, db());
    expect((await switchCardNotices(owner, false)).statusCode).toBe(200);
    const admin = await adminOf(owner);
    const token = await cardToken(env.app, admin.token, '4000 0000 0000 0341');
    const answer = await postUpgrade(env.app, admin.token, { plan: 'free_plus_ai', token });
    expect(answer.json().data).toEqual({
      plan: 'free_plus_ai',
      subscription: 'active',
      charged: chargedUsd(5000),
    });
    const rows = await cardRows(owner.account.id);
    expect(rows.map((row) => [row.actorId, row.outcome, row.changes])).toEqual([
      [admin.user.id, 'success', { brand: 'visa', last4: '0341' }],
    ]);
    const mails = await mailsTo(owner.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('0341');
  });

  it('approved on the authentication page is announced there, once, repeat call or not', async () => {
    const owner = await payingOwner(env.app, db());
    const admin = await adminOf(owner);
    const token = await cardToken(env.app, admin.token, '4000 0027 6000 3184');
    const first = (await postUpgrade(env.app, admin.token, { plan: 'free_plus_ai', token })).json()
      .data;
    expect(first.requires_payment_action).toBe(true);
    await postAuthenticate(env.app, admin.token, first.client_secret, 'complete');
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    // The repeat call pays the upgrade, which this card asks its holder for again.
    let answer = await postUpgrade(env.app, admin.token, {
      plan: 'free_plus_ai',
      token,
      stripe: first,
    });
    while (answer.json().data?.requires_payment_action) {
      const waiting = answer.json().data;
      await postAuthenticate(env.app, admin.token, waiting.client_secret, 'complete');
      answer = await postUpgrade(env.app, admin.token, {
        plan: 'free_plus_ai',
        token,
        stripe: waiting,
      });
    }
    expect(answer.json().data).toEqual({
      plan: 'free_plus_ai',
      subscription: 'active',
      charged: chargedUsd(5000),
    });
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
    expect(await cardRows(owner.account.id)).toHaveLength(1);
  });

  it('replacing the card of an ended subscription is a change too', async () => {
    const owner = await payingOwner(env.app, db(), 'free_plus', '4000 0000 0000 0341');
    const advance = (days: number) =>
      advanceBillingClock(createTestContext(env.database), owner.user.email, days);
    // The renewal (just past the period end) and its three retries fail: the subscription ends.
    const end = new Date(
      (await apiCall(env.app, owner.token, 'GET', '/api/account/billing')).json().data.period.end,
    ).getTime();
    for (const days of [Math.ceil((end - Date.now()) / 86_400_000), 1, 2, 2]) await advance(days);
    const admin = await adminOf(owner);
    const token = await cardToken(env.app, admin.token);
    const answer = await postUpgrade(env.app, admin.token, { plan: 'free_plus', token });
    expect(answer.json().data).toEqual({
      plan: 'free_plus',
      subscription: 'active',
      charged: chargedUsd(4900),
    });
    expect(await mailsTo(owner.user.email)).toHaveLength(1);
  });

  it('a first subscription’s card is no change: the plan_updated mail tells of it', async () => {
    const owner = await payingOwner(env.app, db());
    expect(await mailsTo(owner.user.email)).toEqual([]);
    expect(await cardRows(owner.account.id)).toEqual([]);
  });
});

describe('the owner’s card route', () => {
  it('logs the change; the owner’s own switch decides the mail', async () => {
    const owner = await payingOwner(env.app, db());
    await switchCardNotices(owner, false);
    const token = await cardToken(env.app, owner.token, '5555 5555 5555 4444');
    const answer = await apiCall(env.app, owner.token, 'PUT', '/api/account/billing/card', {
      token,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await cardRows(owner.account.id)).toHaveLength(1);
    expect(await mailsTo(owner.user.email)).toEqual([]);
  });
});
