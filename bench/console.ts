// Issue 16's target, on PostgreSQL with 10,000 accounts and 1,000,000 events: the operator
// console's overview (GET /api/master/overview, 30 days) p50 ≤ 200 ms; the accounts search and
// the events screen measured beside it. Creates and drops a database of its own.
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/password';
import type { AppServer } from '../e2e/fixtures/app-server';
import { benchSignIn, withBenchServer } from './bench-server';
import { percentile, timed } from './timing';

interface Measure {
  p50: number;
  p95: number;
  samples: number;
}

export interface ConsoleBench {
  accounts: number;
  events: number;
  overview: Measure;
  accountSearch: Measure;
  events30Days: Measure;
  /** The first load after the seed, which counts the closed days once (docs/scaling.md). */
  eventsFirstLoadMs: number;
}

export const ACCOUNTS = Number(process.env.BENCH_CONSOLE_ACCOUNTS ?? 10_000);
export const EVENTS = Number(process.env.BENCH_CONSOLE_EVENTS ?? 1_000_000);
const PASSWORD = 'Bench-password-1!';
const EMAIL = 'ops@example.test';

/** The console's data set: ACCOUNTS accounts with their owners and sessions, EVENTS events, a master. */
export async function seedConsole(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Accounts over two years, each with an owner who signed up with it and a session in use
    // some time in the last 60 days; three in ten pay for a plan.
    await client.query(
      `with made as (
         insert into accounts (name, plan, subscription_status, created_at)
         select 'Partner ' || n, (array['free_core','free_plus','free_plus_ai','free_pro'])[1 + n % 4],
           'active', now() - ((n % 730) || ' days')::interval
         from generate_series(1, $1::int) as n returning id, created_at, plan),
       people as (
         insert into users (email, first_name, last_name, verified, created_at, default_account_id)
         select 'owner-' || made.id || '@example.test', 'Owner', 'Bench', true, made.created_at, made.id
         from made returning id, default_account_id, created_at),
       members as (
         insert into account_users (account_id, user_id, permission)
         select default_account_id, id, 'owner' from people returning account_id, user_id)
       insert into sessions (user_id, account_id, created_at, last_seen_at, expires_at)
       select user_id, account_id, now() - ((hashtext(user_id::text) & 59) || ' days')::interval,
         now() - ((hashtext(user_id::text) & 59) || ' days')::interval + interval '2 hours',
         now() + interval '1 day'
       from members`,
      [ACCOUNTS],
    );
    await client.query(
      `insert into subscriptions (account_id, provider, plan, status, seats, idempotency_key, created_at, ended_at)
       select id, 'local', plan, case when hashtext(id::text) % 10 = 0 then 'canceled' else 'active' end,
         1 + abs(hashtext(id::text)) % 5, md5(id::text), created_at,
         case when hashtext(id::text) % 10 = 0 then now() - interval '3 days' end
       from accounts where plan <> 'free_core' and abs(hashtext(id::text)) % 10 < 3`,
    );
    await client.query(
      `insert into feedback (rating, created_at)
       select (array['positive','neutral','negative'])[1 + n % 3], now() - ((n % 90) || ' days')::interval
       from generate_series(1, 5000) as n`,
    );
    await client.query(
      `insert into events (name, account_id, metadata, created_at)
       select (array['report.viewed','dashboard.opened','help_opened','export.csv','signin'])[1 + n % 5],
         null, '{}'::jsonb, now() - ((n % 129600) || ' minutes')::interval
       from generate_series(1, $1::int) as n`,
      [EVENTS],
    );
    const hash = await hashPassword(PASSWORD);
    const master = await client.query<{ id: string }>(
      `with support as (insert into accounts (name, plan, subscription_status) values ('Support', 'free_core', 'active') returning id)
       insert into users (email, first_name, last_name, password_hash, verified, is_master, default_account_id)
       select $1, 'Ops', 'Bench', $2, true, true, id from support returning id`,
      [EMAIL, hash],
    );
    await client.query(
      `insert into account_users (account_id, user_id, permission)
       select default_account_id, id, 'owner' from users where id = $1`,
      [master.rows[0]?.id],
    );
    // What autovacuum does within a minute of a bulk insert (PostgreSQL 13 and later vacuum
    // insert-only tables too): statistics, and the visibility map index-only scans rely on.
    for (const table of ['accounts', 'users', 'sessions', 'subscriptions', 'feedback', 'events']) {
      await client.query(`vacuum analyze ${table}`);
    }
  } finally {
    await client.end();
  }
}

/** 2FA on after the password sign-in: the console opens only to a master who has it. */
async function turnOnTwoFactor(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`update users set totp_enabled = true where email = $1`, [EMAIL]);
  } finally {
    await client.end();
  }
}

const measure = (samples: number[]): Measure => ({
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  samples: samples.length,
});

/** The console's three screens, timed one call at a time, as the master signed in with 2FA. */
export async function measureConsole(
  server: AppServer,
  databaseUrl: string,
): Promise<Omit<ConsoleBench, 'accounts' | 'events'>> {
  const { token } = await benchSignIn(server, EMAIL, PASSWORD);
  await turnOnTwoFactor(databaseUrl);
  const get = (path: string) => async () => {
    const response = await fetch(`${server.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  // The session's cache hears of 2FA through the database's notification; wait for it.
  for (let tries = 0; ; tries += 1) {
    const answer = await fetch(`${server.url}/api/master/overview`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.ok) break;
    if (tries > 50) throw new Error(`console refused: HTTP ${answer.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await timed(3, get('/api/master/overview?days=30'));
  const overview = await timed(40, get('/api/master/overview?days=30'));
  const accountSearch = await timed(40, get('/api/master/accounts?q=owner-&page_size=25'));
  const [eventsFirstLoadMs = 0] = await timed(1, get('/api/master/events'));
  const events30Days = await timed(20, get('/api/master/events'));
  return {
    eventsFirstLoadMs: Math.round(eventsFirstLoadMs),
    overview: measure(overview),
    accountSearch: measure(accountSearch),
    events30Days: measure(events30Days),
  };
}

export function runConsoleBench(adminUrl: string): Promise<ConsoleBench> {
  return withBenchServer(adminUrl, 'console', {}, async (server, databaseUrl) => {
    console.log(
      `Seeding ${ACCOUNTS.toLocaleString('en')} accounts and ${EVENTS.toLocaleString('en')} events…`,
    );
    await seedConsole(databaseUrl);
    return { accounts: ACCOUNTS, events: EVENTS, ...(await measureConsole(server, databaseUrl)) };
  });
}
