import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REPORT_COLUMNS } from '@partner-portal/shared/report-import';
import {
  WEBHOOK_EVENT_DATA,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '@partner-portal/shared/webhooks';
import { invites, webhookDeliveries, webhookMessages } from '../../db/schema/index';
import { advanceBillingClock } from '../billing/billing-advance';
import { apiCall, cardToken, payingOwner } from '../../../test/billing-helpers';
import { createUser } from '../../../test/factories';
import {
  bearer,
  joinWithInvite,
  lastMailTo,
  randomIp,
  signedInUser,
  xsrfHeaders,
} from '../../../test/identity-helpers';
import { scimKit, USER_SCHEMA } from '../../../test/scim-kit';
import { createTestContext } from '../../../test/test-context';
import { useTestApp } from '../../../test/use-test-app';

/**
 * docs/product.md#webhooks, the events table: each change the table lists, made through the API
 * as a person or an IdP makes it, queues its event in the same transaction, with exactly the
 * declared `data` (checked strictly: no field beyond the declared ones), for an endpoint that
 * chose it. Delivery itself is webhooks.test.ts's.
 */
const env = useTestApp();
const db = () => env.database.db;
const { provisionedAccount, scim } = scimKit(env);

const ALL_EVENTS = [...WEBHOOK_EVENT_TYPES];

async function endpointFor(token: string, events: string[] = ALL_EVENTS): Promise<string> {
  const created = await env.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { ...bearer(token), ...xsrfHeaders },
    remoteAddress: randomIp(),
    payload: { url: 'https://hooks.example.com/in', events },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.id as string;
}

/** The `data` of each `type` event queued for the account, oldest first, checked strictly. */
async function eventsOf(accountId: string, type: WebhookEventType) {
  const rows = await db()
    .select({ payload: webhookMessages.payload })
    .from(webhookMessages)
    .where(and(eq(webhookMessages.accountId, accountId), eq(webhookMessages.type, type)))
    .orderBy(asc(webhookMessages.createdAt));
  return rows.map(({ payload }) => {
    expect(Object.keys(payload).sort()).toEqual(['data', 'timestamp', 'type']);
    return WEBHOOK_EVENT_DATA[type].strict().parse(payload.data) as Record<string, unknown>;
  });
}

describe('team events', () => {
  it('an invitation, its acceptance, a change of permission and a removal', async () => {
    const owner = await payingOwner(env.app, db());
    await endpointFor(owner.token);
    const email = `joiner-${Date.now()}@example.test`;
    const invited = await apiCall(env.app, owner.token, 'POST', '/api/invite', {
      email,
      permission: 'developer',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const [invite] = await db().select().from(invites).where(eq(invites.email, email));
    expect(await eventsOf(owner.account.id, 'member.invited')).toEqual([
      {
        account_id: owner.account.id,
        invite_id: invite!.id,
        email,
        permission: 'developer',
        advertiser_name: null,
      },
    ]);
    // Resending tells nothing new.
    await apiCall(env.app, owner.token, 'POST', '/api/invite', { email, permission: 'developer' });
    expect(await eventsOf(owner.account.id, 'member.invited')).toHaveLength(1);

    const mail = await lastMailTo(db(), email, 'invite');
    const link = /\/signup\/user\?email=[^&\s]+&id=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
    const joined = await joinWithInvite(env.app, email, link?.[1] ?? '');
    expect(joined.statusCode, joined.body).toBe(201);
    const [event] = await eventsOf(owner.account.id, 'member.joined');
    expect(event).toMatchObject({ email, permission: 'developer', via: 'invite' });
    const userId = event!.user_id as string;

    const patched = await env.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { ...bearer(owner.token), ...xsrfHeaders },
      remoteAddress: randomIp(),
      payload: { id: userId, permission: 'user' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await eventsOf(owner.account.id, 'member.updated')).toEqual([
      {
        account_id: owner.account.id,
        user_id: userId,
        email,
        before: { permission: 'developer', advertiser_name: null },
        after: { permission: 'user', advertiser_name: null },
        via: 'team',
      },
    ]);

    const removed = await apiCall(env.app, owner.token, 'DELETE', `/api/user/${userId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await eventsOf(owner.account.id, 'member.removed')).toEqual([
      { account_id: owner.account.id, user_id: userId, email, via: 'team' },
    ]);
  });

  it('SCIM: provisioning, a deactivation and a deletion, told as joined and removed', async () => {
    const setUp = await provisionedAccount();
    await endpointFor(setUp.owner.token, ['member.joined', 'member.removed']);
    const email = `scim-person@${setUp.domain}`;
    const created = await scim(setUp.token, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: email,
      active: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json().id as string;
    const deactivated = await scim(setUp.token, 'PATCH', `/Users/${userId}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    // Deleting someone already deactivated removes no membership: nothing more to tell.
    expect((await scim(setUp.token, 'DELETE', `/Users/${userId}`)).statusCode).toBe(204);
    expect(await eventsOf(setUp.account.id, 'member.joined')).toEqual([
      { account_id: setUp.account.id, user_id: userId, email, permission: 'user', via: 'scim' },
    ]);
    expect(await eventsOf(setUp.account.id, 'member.removed')).toEqual([
      { account_id: setUp.account.id, user_id: userId, email, via: 'scim' },
    ]);
  });
});

describe('billing events', () => {
  it('a plan change and its invoice, once each, and a renewal that fails', async () => {
    const owner = await payingOwner(env.app, db(), 'free_plus', '4000 0000 0000 0341');
    await endpointFor(owner.token);
    const upgraded = await apiCall(env.app, owner.token, 'POST', '/api/account/upgrade', {
      plan: 'free_plus_ai',
      token: await cardToken(env.app, owner.token),
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(await eventsOf(owner.account.id, 'plan.changed')).toEqual([
      {
        account_id: owner.account.id,
        before: { plan: 'free_plus', status: 'active' },
        after: { plan: 'free_plus_ai', status: 'active' },
      },
    ]);
    const [paid] = await eventsOf(owner.account.id, 'invoice.paid');
    expect(paid).toMatchObject({ account_id: owner.account.id, currency: 'usd' });
    expect(paid!.amount).toBeGreaterThan(0);
    expect(await eventsOf(owner.account.id, 'invoice.paid')).toHaveLength(1);

    // The renewal's card is the first one, which declines (0341).
    await apiCall(env.app, owner.token, 'PUT', '/api/account/billing/card', {
      token: await cardToken(env.app, owner.token, '4000 0000 0000 0341'),
    });
    const overview = (await apiCall(env.app, owner.token, 'GET', '/api/account/billing')).json()
      .data;
    const days = Math.ceil((new Date(overview.period.end).getTime() - Date.now()) / 86_400_000);
    await advanceBillingClock(createTestContext(env.database), owner.user.email, days);
    const [failed] = await eventsOf(owner.account.id, 'invoice.payment_failed');
    expect(failed).toMatchObject({
      account_id: owner.account.id,
      currency: 'usd',
      action_required: false,
    });
    expect(JSON.stringify(await eventsOf(owner.account.id, 'invoice.payment_failed'))).not.toMatch(
      /4000|0341|pm_|card/,
    );
  });

  it('tells a move below Plus to the endpoints the account had, then nothing more', async () => {
    const owner = await payingOwner(env.app, db());
    await endpointFor(owner.token, ['plan.changed', 'member.updated']);
    const downgraded = await apiCall(env.app, owner.token, 'POST', '/api/account/plan', {
      plan: 'free_core',
    });
    expect(downgraded.statusCode, downgraded.body).toBe(200);
    const overview = (await apiCall(env.app, owner.token, 'GET', '/api/account/billing')).json()
      .data;
    const days = Math.ceil((new Date(overview.period.end).getTime() - Date.now()) / 86_400_000);
    await advanceBillingClock(createTestContext(env.database), owner.user.email, days + 1);
    const moves = await eventsOf(owner.account.id, 'plan.changed');
    expect(moves.at(-1)).toMatchObject({ after: { plan: 'free_core' } });
    const { user } = await createUser(db(), { account: owner.account, permission: 'user' });
    const patched = await env.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { ...bearer(owner.token), ...xsrfHeaders },
      remoteAddress: randomIp(),
      payload: { id: user.id, permission: 'admin' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await eventsOf(owner.account.id, 'member.updated')).toEqual([]);
  });
});

describe('report events', () => {
  it('an imported file, with its rows, to an endpoint that chose it and not to one that did not', async () => {
    const owner = await payingOwner(env.app, db());
    const chose = await endpointFor(owner.token, ['report.imported']);
    const other = await endpointFor(owner.token, ['member.joined']);
    const line = '2026-01-01,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00';
    const uploaded = await env.app.inject({
      method: 'POST',
      url: '/api/account/data/imports?name=january.csv',
      headers: { ...bearer(owner.token), 'content-type': 'text/csv' },
      remoteAddress: randomIp(),
      payload: `${REPORT_COLUMNS.join(',')}\n${line}\n`,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(await eventsOf(owner.account.id, 'report.imported')).toEqual([
      {
        account_id: owner.account.id,
        import_id: uploaded.json().data.id,
        file_name: 'january.csv',
        rows: 1,
      },
    ]);
    const deliveries = await db().select().from(webhookDeliveries);
    expect(deliveries.filter((row) => row.endpointId === chose)).toHaveLength(1);
    expect(deliveries.filter((row) => row.endpointId === other)).toHaveLength(0);
  });
});

describe('insight events', () => {
  it('tells each new insight once, after the import that shows it, on a plan with insights', async () => {
    const owner = await payingOwner(env.app, db(), 'free_plus_ai');
    await endpointFor(owner.token, ['insight.found']);
    const day = (index: number) =>
      new Date(Date.UTC(2026, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
    // Ten weeks of a steady weekly rhythm, then a day at three times the usual revenue.
    const lines = Array.from({ length: 71 }, (_, index) => {
      const usual =
        20_000 *
        (1 + 0.1 * Math.sin((2 * Math.PI * index) / 7)) *
        (1 + ((index * 7919) % 13) / 400);
      const revenue = index === 70 ? usual * 3 : usual;
      return `${day(index)},Acme Shoes,Spring,search,US,desktop,${Math.round(revenue * 20)},${Math.round(revenue / 2)},${Math.round(revenue / 40)},${revenue.toFixed(2)},${(revenue * 0.6).toFixed(2)}`;
    });
    const upload = (rows: string[]) =>
      env.app.inject({
        method: 'POST',
        url: '/api/account/data/imports?name=history.csv',
        headers: { ...bearer(owner.token), 'content-type': 'text/csv' },
        remoteAddress: randomIp(),
        payload: `${REPORT_COLUMNS.join(',')}\n${rows.join('\n')}\n`,
      });
    expect((await upload(lines)).statusCode).toBe(201);
    const found = await eventsOf(owner.account.id, 'insight.found');
    expect(found.length).toBeGreaterThan(0);
    expect(found).toContainEqual(
      expect.objectContaining({
        metric: 'revenue',
        advertiser_name: null,
        type: expect.any(String),
      }),
    );
    expect(String(found[0]!.headline)).not.toBe('');
    // Another import of the same days' news tells nothing twice.
    expect((await upload([lines[0]!.replace('Acme Shoes', 'Other')])).statusCode).toBe(201);
    const again = await eventsOf(owner.account.id, 'insight.found');
    const ids = again.map((event) => event.insight_id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

it('a signed-in account without endpoints writes no event at all', async () => {
  const owner = await signedInUser(env.app, db(), { permission: 'owner' });
  const { user } = await createUser(db(), { account: owner.account, permission: 'user' });
  await apiCall(env.app, owner.token, 'DELETE', `/api/user/${user.id}`);
  const rows = await db()
    .select()
    .from(webhookMessages)
    .where(eq(webhookMessages.accountId, owner.account.id));
  expect(rows).toEqual([]);
});
