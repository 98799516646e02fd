// Issue 12 figures, on PostgreSQL: the upgrade round trip on the built-in card processor (the
// card form's token call, then POST /api/account/upgrade) and the billing screen's calls for an
// account with 1,000 invoices. It creates and drops a database of its own.
import pg from 'pg';
import { hashPassword } from '../apps/server/src/lib/password';
import { withBenchServer, xsrfHeaders } from './bench-server';
import { summarize, timed } from './timing';

export interface Timing {
  p50: number;
  p95: number;
  samples: number;
}

export interface BillingBench {
  upgrade: Timing;
  overview: Timing;
  invoicesFirstPage: Timing;
  invoicesAllPages: Timing & { pages: number };
  invoices: number;
}

const PASSWORD = 'Bench-password-1!';
const INVOICES = Number(process.env.BENCH_INVOICES ?? 1_000);
const UPGRADES = 40;

/** Owners of free accounts, one per upgrade sample, plus one owner with a year of history. */
async function seed(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    await client.query(
      `with created as (
         insert into accounts (name, plan, subscription_status)
         select 'Bench ' || n, 'free_core', 'active' from generate_series(0, $1::int) as n
         returning id, name),
       people as (
         insert into users (email, first_name, last_name, password_hash, verified, default_account_id)
         select 'owner' || substr(name, 7) || '@bench.test', 'Bench', 'Owner', $2, true, id
         from created returning id, default_account_id)
       insert into account_users (account_id, user_id, permission)
       select default_account_id, id, 'owner' from people`,
      [UPGRADES, hash],
    );
    // Owner 0 has paid for years: a customer, a card, a live subscription and INVOICES invoices.
    await client.query(
      `insert into local_customers (id, name, email, default_payment_method_id)
       values ('cus_local_bench', 'Bench 0', 'owner0@bench.test', 'pm_local_bench')`,
    );
    await client.query(
      `insert into local_payment_methods (id, customer_id, brand, last4, exp_month, exp_year,
         fingerprint, cardholder_name, behaviour, off_session_ready, attached_at)
       values ('pm_local_bench', 'cus_local_bench', 'visa', '4242', 12, 2034, 'bench', 'Bench',
         'succeeds', true, now())`,
    );
    await client.query(
      `insert into local_subscriptions (id, customer_id, plan, quantity, status,
         current_period_start, current_period_end)
       values ('sub_local_bench', 'cus_local_bench', 'free_plus', 1, 'active',
         now() - interval '10 days', now() + interval '20 days')`,
    );
    await client.query(
      `insert into local_invoices (id, number, customer_id, subscription_id, status, currency,
         subtotal, total, lines, period_start, period_end, issued_at, paid_at, card)
       select 'in_local_bench_' || n, 'INV-BENCH-' || lpad(n::text, 6, '0'), 'cus_local_bench',
         'sub_local_bench', 'paid', 'usd', 4900, 4900,
         '[{"description":"Plus","quantity":1,"unit_amount":4900,"amount":4900,"period":{"start":"2026-01-01T00:00:00.000Z","end":"2026-02-01T00:00:00.000Z"},"proration":false}]'::jsonb,
         now() - (n || ' days')::interval, now() - ((n - 30) || ' days')::interval,
         now() - (n || ' days')::interval, now() - (n || ' days')::interval,
         '{"brand":"visa","last4":"4242","exp_month":12,"exp_year":2034}'::jsonb
       from generate_series(1, $1::int) as n`,
      [INVOICES],
    );
    await client.query(
      `update accounts set plan = 'free_plus', billing_customer_id = 'cus_local_bench'
       where name = 'Bench 0'`,
    );
    await client.query(
      `insert into subscriptions (account_id, provider, provider_subscription_id, plan, status,
         seats, current_period_start, current_period_end, idempotency_key)
       select id, 'local', 'sub_local_bench', 'free_plus', 'active', 1,
         now() - interval '10 days', now() + interval '20 days', 'bench'
       from accounts where name = 'Bench 0'`,
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

export function runBillingBench(adminUrl: string): Promise<BillingBench> {
  // TRUST_PROXY: each sign-in claims its own address, so the per-address limit stays out of it.
  return withBenchServer(
    adminUrl,
    'billing',
    { TRUST_PROXY: 'true' },
    async (server, databaseUrl) => {
      await seed(databaseUrl);
      const base = await xsrfHeaders(server);
      const call = async (
        path: string,
        init: { method?: string; body?: unknown; token: string; ip: string },
      ) => {
        const response = await fetch(`${server.url}${path}`, {
          method: init.method ?? 'GET',
          headers: { ...base, authorization: `Bearer ${init.token}`, 'x-forwarded-for': init.ip },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        if (!response.ok)
          throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
        return (await response.json()) as { data: Record<string, unknown> };
      };
      const signIn = async (index: number) => {
        const response = await fetch(`${server.url}/api/auth`, {
          method: 'POST',
          headers: { ...base, 'x-forwarded-for': `10.77.0.${index + 1}` },
          body: JSON.stringify({ email: `owner${index}@bench.test`, password: PASSWORD }),
        });
        return ((await response.json()) as { data: { token: string } }).data.token;
      };

      const owners: string[] = [];
      for (let index = 1; index <= UPGRADES; index += 1) owners.push(await signIn(index));
      let next = 0;
      const upgradeSamples = await timed(UPGRADES, async () => {
        const token = owners[next] ?? '';
        const ip = `10.78.0.${next + 1}`;
        next += 1;
        const card = await call('/api/billing/local/cards', {
          method: 'POST',
          token,
          ip,
          body: { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Bench' },
        });
        const answer = await call('/api/account/upgrade', {
          method: 'POST',
          token,
          ip,
          body: { plan: 'free_plus', token: card.data.token },
        });
        if (answer.data.subscription !== 'active') throw new Error('upgrade did not activate');
      });

      const token = await signIn(0);
      const ip = '10.79.0.1';
      await timed(5, async () => void (await call('/api/account/billing', { token, ip })));
      const overviewSamples = await timed(50, async () => {
        await call('/api/account/billing', { token, ip });
      });
      const firstPageSamples = await timed(50, async () => {
        await call('/api/account/billing/invoices', { token, ip });
      });
      const pageSamples: number[] = [];
      let cursor: string | null = null;
      let seen = 0;
      do {
        const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
        const start = performance.now();
        const page = await call(`/api/account/billing/invoices${query}`, { token, ip });
        pageSamples.push(performance.now() - start);
        seen += (page.data.invoices as unknown[]).length;
        cursor = page.data.next_cursor as string | null;
      } while (cursor);
      if (seen !== INVOICES) throw new Error(`paged ${seen} invoices, expected ${INVOICES}`);

      return {
        upgrade: summarize(upgradeSamples),
        overview: summarize(overviewSamples),
        invoicesFirstPage: summarize(firstPageSamples),
        invoicesAllPages: { ...summarize(pageSamples), pages: pageSamples.length },
        invoices: INVOICES,
      };
    },
  );
}
