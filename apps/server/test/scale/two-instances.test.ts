import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  events,
  localCustomers,
  localInvoices,
  notificationSettings,
  reportRows,
  users,
} from '../../src/db/schema/index';
import { createAccount, createUser, uniqueEmail } from '../factories';
import { PASSWORD } from '../identity-helpers';
import { startWebhookReceiver } from '../webhook-receiver';
import { call, clientAddress, startCluster, within, type Cluster, type Instance } from './cluster';

// `npm run test:scale`: the app as it runs beyond one machine — two instances of the built server
// (`npm run serve`) on one PostgreSQL and one Redis. Whatever one instance does, the other
// honours at once: sessions, limits, single-use tokens; and the work that must happen once
// (a renewal, a purge, a mail) happens once though both run the jobs every second.
const WITHIN_MS = 1_000;
let cluster: Cluster;
const db = () => cluster.database.db;

beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  await cluster?.stop();
});

async function signIn(instance: Instance, email: string, password = PASSWORD, from?: string) {
  return call(instance, 'POST', '/api/auth', { body: { email, password }, from });
}

async function sessionOn(instance: Instance, email: string): Promise<string> {
  const answer = await signIn(instance, email);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.data as { token: string }).token;
}

const me = (instance: Instance, token: string) => call(instance, 'GET', '/api/user', { token });

async function refusedOn(instance: Instance, token: string): Promise<number> {
  return within(WITHIN_MS, async () => (await me(instance, token)).status === 401);
}

describe('two instances on one PostgreSQL and one Redis', () => {
  it('accept on B a session made on A, and refuse it on B within a second of signing out on A', async () => {
    const { user } = await createUser(db(), { password: PASSWORD });
    const token = await sessionOn(cluster.a, user.email);
    expect((await me(cluster.b, token)).status).toBe(200);
    expect((await call(cluster.a, 'DELETE', '/api/auth', { token })).status).toBe(200);
    await refusedOn(cluster.b, token);
  });

  it('end on B the other sessions of a user who changed their password on A', async () => {
    const { user } = await createUser(db(), { password: PASSWORD });
    const here = await sessionOn(cluster.a, user.email);
    const elsewhere = await sessionOn(cluster.b, user.email);
    expect((await me(cluster.b, elsewhere)).status).toBe(200);
    const changed = await call(cluster.a, 'PUT', '/api/user/password', {
      token: here,
      body: { oldpassword: PASSWORD, has_password: true, newpassword: 'Another-horse-2!' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await refusedOn(cluster.b, elsewhere);
    expect((await me(cluster.b, here)).status).toBe(200);
  });

  it("refuse on B a member that A's admin removed, and one whose permission A changed", async () => {
    const account = await createAccount(db());
    const admin = await createUser(db(), { account, permission: 'admin', password: PASSWORD });
    const removed = await createUser(db(), { account, permission: 'user', password: PASSWORD });
    const edited = await createUser(db(), { account, permission: 'user', password: PASSWORD });
    const adminToken = await sessionOn(cluster.a, admin.user.email);
    const removedToken = await sessionOn(cluster.b, removed.user.email);
    const editedToken = await sessionOn(cluster.b, edited.user.email);
    for (const token of [removedToken, editedToken])
      expect((await me(cluster.b, token)).status).toBe(200);

    const removal = await call(cluster.a, 'DELETE', `/api/user/${removed.user.id}`, {
      token: adminToken,
    });
    expect(removal.status, JSON.stringify(removal.body)).toBe(200);
    const edit = await call(cluster.a, 'PATCH', '/api/user', {
      token: adminToken,
      body: { id: edited.user.id, permission: 'developer' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await refusedOn(cluster.b, removedToken);
    await refusedOn(cluster.b, editedToken);
  });

  it('share the per-address limit: ten wrong sign-ins split over A and B, and the eleventh is refused on both', async () => {
    const from = clientAddress();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const instance = attempt % 2 === 0 ? cluster.a : cluster.b;
      const answer = await signIn(instance, uniqueEmail('nobody'), 'Wrong-password-1!', from);
      expect(answer.status).toBe(401);
    }
    // Each instance has seen five: only a shared count refuses the eleventh.
    for (const instance of [cluster.a, cluster.b])
      expect(
        (await signIn(instance, uniqueEmail('nobody'), 'Wrong-password-1!', from)).status,
      ).toBe(429);
  });

  it("share the per-account limit: one e-mail's wrong passwords from many addresses count together", async () => {
    const { user } = await createUser(db(), { password: PASSWORD });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const instance = attempt % 2 === 0 ? cluster.a : cluster.b;
      expect((await signIn(instance, user.email, 'Wrong-password-1!')).status).toBe(401);
    }
    // Even the right password waits now, on either instance, from a new address.
    for (const instance of [cluster.a, cluster.b])
      expect((await signIn(instance, user.email, PASSWORD)).status).toBe(429);
  });

  it('use an embed token once across both: opened on B, refused on A', async () => {
    const account = await createAccount(db(), { plan: 'free_plus' });
    const { user } = await createUser(db(), {
      account,
      permission: 'advertiser',
      password: PASSWORD,
    });
    const token = await sessionOn(cluster.a, user.email);
    const minted = await call(cluster.a, 'POST', '/api/sigma/workbook/embed', {
      token,
      body: { workbook_id: 'local-core-advertiser' },
    });
    expect(minted.status, JSON.stringify(minted.body)).toBe(200);
    const embedToken = new URL((minted.body.data as { url: string }).url).searchParams.get('token');
    const open = (instance: Instance) =>
      call(instance, 'POST', '/api/embed/session', {
        body: { workbook_id: 'local-core-advertiser', token: embedToken },
      });
    expect((await open(cluster.b)).status).toBe(200);
    const again = await open(cluster.a);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
  });

  it('mail a sign-up once, whichever instance took it', async () => {
    const email = uniqueEmail('scale-signup');
    const answer = await call(cluster.a, 'POST', '/api/account', {
      body: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email,
        partner_name: 'Analytical Engines',
        password: PASSWORD,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await within(5_000, async () => cluster.mails().some((mail) => mail.to.includes(email)));
    // Both instances run the jobs every second: give a second sender time to show itself.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(cluster.mails().filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it('renew a due subscription once, though both instances run the billing job every second', async () => {
    const { user, account } = await createUser(db(), { permission: 'owner', password: PASSWORD });
    const token = await sessionOn(cluster.a, user.email);
    const card = await call(cluster.a, 'POST', '/api/billing/local/cards', {
      token,
      body: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada' },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const upgrade = await call(cluster.b, 'POST', '/api/account/upgrade', {
      token,
      body: { plan: 'free_plus', token: (card.body.data as { token: string }).token },
    });
    expect(upgrade.status, JSON.stringify(upgrade.body)).toBe(200);
    const [billed] = await db()
      .select({ customerId: accounts.billingCustomerId })
      .from(accounts)
      .where(eq(accounts.id, account.id));
    const customerId = String(billed?.customerId);
    const invoicesOf = () =>
      db()
        .select({ number: localInvoices.number, status: localInvoices.status })
        .from(localInvoices)
        .where(eq(localInvoices.customerId, customerId));
    expect(await invoicesOf()).toHaveLength(1);

    // Forty days on for this customer: one period falls due, and only one.
    await db()
      .update(localCustomers)
      .set({ clockOffsetMs: 40 * 86_400_000 })
      .where(eq(localCustomers.id, customerId));
    await within(10_000, async () => (await invoicesOf()).length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const invoices = await invoicesOf();
    expect(invoices).toHaveLength(2);
    expect(new Set(invoices.map((invoice) => invoice.number)).size).toBe(2);
  });

  it('send a report digest once, though both instances run the digest job every second', async () => {
    const account = await createAccount(db());
    const days = Array.from({ length: 5 }, (_, index) =>
      new Date(Date.now() - index * 86_400_000).toISOString().slice(0, 10),
    );
    await db()
      .insert(reportRows)
      .values(
        days.map((date) => ({
          accountId: account.id,
          date,
          advertiser: 'Acme Shoes',
          campaign: 'Boots',
          channel: 'search',
          country: 'US',
          device: 'mobile',
          impressions: 1000,
          clicks: 50,
          conversions: 5,
          revenue: '120.00',
          payout: '80.00',
        })),
      );
    const { user } = await createUser(db(), { account, permission: 'owner' });
    await db()
      .update(users)
      .set({ digestFrequency: 'daily', timezone: 'UTC' })
      .where(eq(users.id, user.id));
    // Opted in three days ago: the latest daily digest is owed now.
    await db()
      .insert(notificationSettings)
      .values({
        userId: user.id,
        name: 'report_digest',
        active: true,
        updatedAt: new Date(Date.now() - 3 * 86_400_000),
      });
    const digests = () => cluster.mails().filter((mail) => mail.to.includes(user.email));
    await within(10_000, async () => digests().length > 0);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(digests()).toHaveLength(1);
    expect(digests()[0]?.subject).toMatch(/daily report/i);
  });

  it('purge an account past its retention once, though both instances run the purge', async () => {
    const account = await createAccount(db(), {
      closedAt: new Date(Date.now() - 400 * 86_400_000),
    });
    const { user } = await createUser(db(), { account, permission: 'owner' });
    await within(10_000, async () => {
      const [left] = await db().select().from(accounts).where(eq(accounts.id, account.id));
      return !left;
    });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const purged = await db()
      .select()
      .from(events)
      .where(
        and(
          eq(events.name, 'purged_account'),
          sql`${events.metadata}->>'account_id' = ${account.id}`,
        ),
      );
    expect(purged).toHaveLength(1);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  });

  it('deliver each webhook once, though both instances hear every queued event and race for it', async () => {
    const receiver = await startWebhookReceiver({ certificate: cluster.certificate });
    try {
      const account = await createAccount(db(), { plan: 'free_plus' });
      const owner = await createUser(db(), { account, permission: 'owner', password: PASSWORD });
      const ownerToken = await sessionOn(cluster.a, owner.user.email);
      const created = await call(cluster.a, 'POST', '/api/webhooks', {
        token: ownerToken,
        body: { url: `${receiver.url}/race`, events: ['member.updated'] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const { secret } = created.body.data as { secret: string };
      const tokenOnB = await sessionOn(cluster.b, owner.user.email);
      const members = await Promise.all(
        Array.from({ length: 20 }, () => createUser(db(), { account, permission: 'user' })),
      );
      // Twenty members made admins, half through each instance, at once: twenty events.
      const changed = await Promise.all(
        members.map(({ user }, n) =>
          call(n % 2 ? cluster.a : cluster.b, 'PATCH', '/api/user', {
            token: n % 2 ? ownerToken : tokenOnB,
            body: { id: user.id, permission: 'admin' },
          }),
        ),
      );
      expect(changed.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      await within(10_000, async () => receiver.received.length >= 20);
      // Both dispatchers poll every few seconds too: give a second sender time to show itself.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const ids = receiver.verified(secret).map((message) => message.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
      expect(receiver.received).toHaveLength(20);
    } finally {
      await receiver.close();
    }
  });
});
