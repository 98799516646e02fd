// Part of `npm run bench:digests`: 10,000 daily digests due at once (a Monday morning), sent by
// the built server's own background job, with another user's GET /api/user probed meanwhile
// against the same probe on the idle server. Issue 41's goal: they all go out without holding
// other requests back.
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/password';
import { sleep } from './abuse/abuse-server';
import { benchSignIn, withBenchServer } from './bench-server';
import { probe, type Latencies } from './probe';

const DUE = Number(process.env.BENCH_DIGESTS_DUE ?? 10_000);
const ACCOUNTS = 100;
const PASSWORD = 'Bench-password-1!';
const PROBE_EMAIL = 'probe@example.test';

export interface DigestSendRun {
  due: number;
  /** From the subscribers' commit to the last digest finished (sent, or skipped without data). */
  sendMs: number;
  sent: number;
  idle: Latencies;
  during: Latencies;
}

/** A hundred accounts with two weeks of rows each (2 advertisers, 10 campaigns), and the probe. */
async function seedAccounts(client: pg.Client): Promise<void> {
  await client.query(
    `with made as (
       insert into accounts (name, plan, subscription_status)
       select 'Digest partner ' || n, 'free_core', 'active' from generate_series(1, $1::int) as n
       returning id)
     insert into report_rows (account_id, date, advertiser, campaign, channel, country, device,
       impressions, clicks, conversions, revenue, payout)
     select made.id, current_date - day, 'Advertiser ' || (campaign % 2), 'Campaign ' || campaign,
       'search', 'US', 'desktop', 1000 + day * 10, 50 + campaign, 5, 100 + campaign, 60
     from made, generate_series(1, 14) as day, generate_series(1, 10) as campaign`,
    [ACCOUNTS],
  );
  await client.query(
    `with person as (
       insert into users (email, first_name, last_name, password_hash, verified, default_account_id)
       select $1, 'Pro', 'Be', $2, true, id from accounts order by id limit 1
       returning id, default_account_id)
     insert into account_users (account_id, user_id, permission)
     select default_account_id, id, 'user' from person`,
    [PROBE_EMAIL, await hashPassword(PASSWORD)],
  );
}

/**
 * DUE members spread over the accounts who take the daily digest in UTC, opted in a month ago:
 * all due at the server's next tick (digest_due_at's default), in one statement.
 */
async function seedSubscribers(client: pg.Client): Promise<void> {
  await client.query(
    `with partners as (select id, row_number() over (order by id) - 1 as k
                       from accounts where name like 'Digest partner %'),
     people as (
       insert into users (email, first_name, last_name, verified, digest_frequency, timezone,
         locale, default_account_id)
       select 'reader-' || n || '@example.test', 'Rea', 'Der', true, 'daily', 'UTC',
         (array['en','es'])[1 + n % 2], partners.id
       from generate_series(1, $1::int) as n join partners on partners.k = n % $2
       returning id, default_account_id),
     members as (
       insert into account_users (account_id, user_id, permission)
       select default_account_id, id, 'user' from people returning user_id)
     insert into notification_settings (user_id, name, active, updated_at)
     select user_id, 'report_digest', true, now() - interval '30 days' from members`,
    [DUE, ACCOUNTS],
  );
}

/** Waits until every due digest has been sent or skipped: answers how many were sent. */
async function untilAllFinished(client: pg.Client): Promise<number> {
  for (;;) {
    const { rows } = await client.query<{ sent: number; finished: number }>(
      `select count(*) filter (where status = 'sent')::int as sent,
         count(*) filter (where status <> 'pending')::int as finished
       from digest_deliveries`,
    );
    const { sent = 0, finished = 0 } = rows[0] ?? {};
    if (finished >= DUE) return sent;
    await sleep(250);
  }
}

export function runDigestSendBench(adminUrl: string): Promise<DigestSendRun> {
  // The job runs every second, so the clock starts within a second of the subscribers' commit.
  return withBenchServer(
    adminUrl,
    'digest_send',
    { JOB_INTERVAL_SECONDS: '1' },
    async (server, url) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await seedAccounts(client);
        const { token } = await benchSignIn(server, PROBE_EMAIL, PASSWORD);
        const headers = { authorization: `Bearer ${token}` };
        const idle = await probe(server.url, headers, sleep(10_000));
        await seedSubscribers(client);
        const started = performance.now();
        const sending = untilAllFinished(client);
        const during = await probe(server.url, headers, sending);
        const sent = await sending;
        return { due: DUE, sendMs: Math.round(performance.now() - started), sent, idle, during };
      } finally {
        await client.end();
      }
    },
  );
}
