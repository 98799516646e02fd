import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { accounts, accountUsers, events, reportRows, users } from '../../db/schema/index';
import { createReportRows, createUser } from '../../../test/factories';
import { bearer, PASSWORD, randomIp, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { purgeClosedAccounts } from './purge-closed.service';

const DAY_MS = 24 * 60 * 60 * 1000;
// The app's clock: closing stamps it, and the purge is asked about days after.
let clock = new Date();
// It counts what a purge deletes across the whole database.
const env = useTestApp(() => ({ now: () => clock }), { alone: true });
const db = () => env.database.db;

describe('purgeClosedAccounts (admin purge-closed)', () => {
  it('deletes an account only once its retention has passed, with users left without one', async () => {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const onlyHere = await createUser(db(), { account: owner.account });
    const alsoElsewhere = await createUser(db(), { account: owner.account });
    const elsewhere = await createUser(db(), { permission: 'owner' });
    await db().insert(accountUsers).values({
      accountId: elsewhere.account.id,
      userId: alsoElsewhere.user.id,
      permission: 'user',
    });
    await createReportRows(db(), owner.account.id, [{ date: '2025-01-01', advertiser: 'Acme' }]);
    const closedAt = clock;
    const closed = await env.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(owner.token),
      remoteAddress: randomIp(),
      payload: { password: PASSWORD },
    });
    expect(closed.statusCode).toBe(200);

    const purge = (daysLater: number, retentionDays = 30) =>
      purgeClosedAccounts(db(), {
        now: new Date(closedAt.getTime() + daysLater * DAY_MS),
        retentionDays,
      });
    expect(await purge(29.9)).toEqual({ accounts: 0, users: 0 });
    expect(await purge(30)).toEqual({ accounts: 0, users: 0 });
    expect(
      await db().select().from(accounts).where(eq(accounts.id, owner.account.id)),
    ).toHaveLength(1);

    expect(await purge(30.01)).toEqual({ accounts: 1, users: 2 });
    expect(
      await db().select().from(accounts).where(eq(accounts.id, owner.account.id)),
    ).toHaveLength(0);
    expect(
      await db().select().from(reportRows).where(eq(reportRows.accountId, owner.account.id)),
    ).toHaveLength(0);
    const left = await db()
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, [owner.user.id, onlyHere.user.id, alsoElsewhere.user.id]));
    expect(left).toEqual([{ id: alsoElsewhere.user.id }]);
    expect(
      await db().select().from(accountUsers).where(eq(accountUsers.userId, alsoElsewhere.user.id)),
    ).toEqual([expect.objectContaining({ accountId: elsewhere.account.id })]);
    // The audit trail outlives the account, detached from it.
    const trail = await db().select().from(events).where(eq(events.name, 'purged_account'));
    expect(trail).toContainEqual(
      expect.objectContaining({
        accountId: null,
        metadata: { account_id: owner.account.id, closed_at: closedAt.toISOString() },
      }),
    );
    expect(await purge(60)).toEqual({ accounts: 0, users: 0 });
  });

  it('honours a shorter retention and never touches open accounts', async () => {
    clock = new Date(Date.now() + 100 * DAY_MS);
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const open = await createUser(db(), { permission: 'owner' });
    await env.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: bearer(owner.token),
      remoteAddress: randomIp(),
      payload: { password: PASSWORD },
    });
    const [row] = await db().select().from(accounts).where(eq(accounts.id, owner.account.id));
    expect(row?.closedAt?.getTime()).toBe(clock.getTime());
    const result = await purgeClosedAccounts(db(), {
      now: new Date(clock.getTime() + 2 * DAY_MS),
      retentionDays: 1,
    });
    expect(result).toEqual({ accounts: 1, users: 1 });
    expect(await db().select().from(accounts).where(eq(accounts.id, open.account.id))).toHaveLength(
      1,
    );
  });
});
