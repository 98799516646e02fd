import type pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/password';

/**
 * The benches' large account: 'Bench Partner' on `plan`, owned by bench@example.test, and
 * `rows` report rows over the last year for 25 advertisers × 8 campaigns spread over channels,
 * countries and devices. Answers the account's id.
 */
export async function seedBenchAccount(
  client: pg.Client,
  options: { plan: string; password: string; rows: number },
): Promise<string> {
  const account = await client.query<{ id: string }>(
    `insert into accounts (name, plan, subscription_status) values ('Bench Partner', $1, 'active') returning id`,
    [options.plan],
  );
  const accountId = account.rows[0]?.id;
  if (!accountId) throw new Error('bench account not created');
  const user = await client.query<{ id: string }>(
    `insert into users (email, first_name, last_name, password_hash, verified, default_account_id)
     values ('bench@example.test', 'Bench', 'Owner', $1, true, $2) returning id`,
    [await hashPassword(options.password), accountId],
  );
  await client.query(
    `insert into account_users (account_id, user_id, permission) values ($1, $2, 'owner')`,
    [accountId, user.rows[0]?.id],
  );
  await client.query(
    `insert into report_rows (account_id, date, advertiser, campaign, channel, country, device,
       impressions, clicks, conversions, revenue, payout)
     select $1, current_date - (n % 365), 'Advertiser ' || (n % 25), 'Campaign ' || (n % 200),
       (array['search','social','display','video','email'])[1 + n % 5],
       (array['US','GB','DE','ES','MX','FR'])[1 + n % 6],
       (array['desktop','mobile','tablet'])[1 + n % 3],
       1000 + n % 5000, 10 + n % 90, n % 9, (n % 10000) / 100.0, (n % 8000) / 100.0
     from generate_series(1, $2::int) as n`,
    [accountId, options.rows],
  );
  await client.query('analyze report_rows');
  return accountId;
}
