import { describe, expect, it } from 'vitest';
import { createAccount, createReportRows } from '../../../test/factories';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();

const listAdvertisers = (token: string) =>
  env.app.inject({
    method: 'GET',
    url: '/api/account/users/advertisers',
    headers: bearer(token),
  });

describe('GET /api/account/users/advertisers', () => {
  it('names the advertisers of this account’s report data, by name, with their last day', async () => {
    const db = env.database.db;
    const account = await createAccount(db, { name: 'Northwind' });
    const other = await createAccount(db, { name: 'Elsewhere' });
    await createReportRows(db, account.id, [
      { date: '2026-11-01', advertiser: 'Globex Travel' },
      { date: '2026-11-20', advertiser: 'Globex Travel', campaign: 'City Breaks' },
      { date: '2026-11-05', advertiser: 'Acme Shoes' },
    ]);
    await createReportRows(db, other.id, [{ date: '2026-11-30', advertiser: 'Initech' }]);
    const admin = await signedInUser(env.app, db, { account, permission: 'admin' });
    const answer = await listAdvertisers(admin.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data).toEqual({
      advertisers: [
        { name: 'Acme Shoes', last_date: '2026-11-05' },
        { name: 'Globex Travel', last_date: '2026-11-20' },
      ],
    });
  });

  it('is empty for an account without data, and an administrator’s only', async () => {
    const db = env.database.db;
    const admin = await signedInUser(env.app, db, { permission: 'admin' });
    expect((await listAdvertisers(admin.token)).json().data).toEqual({ advertisers: [] });
    const member = await signedInUser(env.app, db, { permission: 'user' });
    expect((await listAdvertisers(member.token)).statusCode).toBe(403);
  });
});
