// The invariants the crash trials check with SQL between a kill and the restart (crash-trials.ts).
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ATTEMPT_GRACE_MS } from '../../src/features/billing/billing-reconcile.service';
import type { Known } from './workload';

const LIVE = `('active', 'trialing', 'past_due')`;
const OPEN = `('incomplete', 'active', 'trialing', 'past_due')`;

type Row = Record<string, unknown>;
type Query = (text: string) => Promise<Row[]>;

interface Check {
  invariant: string;
  sql: string;
  detail: (row: Row) => string;
}

/**
 * Each query answers the rows that break its invariant. Kept: what the app promises whatever
 * happens (one transaction, a constraint, a documented rule); left out: copies the app only
 * promises to refresh later (a subscription's seat count, the provider's status).
 */
const CHECKS: Check[] = [
  {
    // The staged rows of an upload go with its end, in the same transaction (a cancelled one's
    // importer may still be clearing the batch it was copying).
    invariant: 'an upload that ended keeps no staged rows',
    sql: `select j.id, j.status, count(*)::int as n from report_import_staging s
      join report_import_jobs j on j.id = s.job_id
      where j.status in ('done', 'refused', 'failed') group by 1, 2`,
    detail: (row) =>
      `upload ${String(row.id)} ${String(row.status)} has ${String(row.n)} staged rows`,
  },
  {
    invariant: 'a finished upload names its import, and the import holds its rows',
    sql: `select j.id, j.rows_written, i.row_count from report_import_jobs j
      left join report_imports i on i.id = j.import_id
      where j.status = 'done' and (i.id is null or i.row_count <> j.rows_written)`,
    detail: (row) =>
      `upload ${String(row.id)} done with ${String(row.rows_written)} rows; import has ${String(row.row_count)}`,
  },
  {
    invariant: 'every user has a membership (or an open invite)',
    sql: `select u.email from users u
      where not exists (select 1 from account_users au where au.user_id = u.id)
        and not exists (select 1 from invites i
                        where lower(i.email) = lower(u.email) and i.accepted_at is null)`,
    detail: (row) => `user ${String(row.email)} belongs to no account`,
  },
  {
    invariant: 'no invite is both open and accepted',
    sql: `select i.id, i.email from invites i
      where i.accepted_at is null
        and exists (select 1 from events e
                    where e.name = 'accepted_invite' and e.metadata->>'invite_id' = i.id::text)`,
    detail: (row) => `invite ${String(row.id)} (${String(row.email)}) is open but was accepted`,
  },
  {
    invariant: 'an accepted invite made its membership (and one accepted_invite event)',
    sql: `select i.id, i.email,
        (select count(*)::int from events e
         where e.name = 'accepted_invite' and e.metadata->>'invite_id' = i.id::text) as events
      from invites i
      where i.accepted_at is not null
        and (not exists (select 1 from users u join account_users au on au.user_id = u.id
                         where lower(u.email) = lower(i.email) and au.account_id = i.account_id)
             or (select count(*) from events e
                 where e.name = 'accepted_invite' and e.metadata->>'invite_id' = i.id::text) <> 1)`,
    detail: (row) =>
      `invite ${String(row.id)} (${String(row.email)}) accepted; membership or event missing (${String(row.events)} events)`,
  },
  {
    invariant: 'at most one open invite per account and address',
    sql: `select account_id, lower(email) as email, count(*)::int as n from invites
      where accepted_at is null group by 1, 2 having count(*) > 1`,
    detail: (row) => `${String(row.n)} open invites for ${String(row.email)}`,
  },
  {
    invariant: 'every account has exactly one owner',
    sql: `select a.id, count(au.id) filter (where au.permission = 'owner')::int as owners
      from accounts a left join account_users au on au.account_id = a.id
      group by a.id having count(au.id) filter (where au.permission = 'owner') <> 1`,
    detail: (row) => `account ${String(row.id)} has ${String(row.owners)} owners`,
  },
  {
    invariant: 'no duplicate membership',
    sql: `select account_id, user_id, count(*)::int as n from account_users
      group by 1, 2 having count(*) > 1`,
    detail: (row) =>
      `user ${String(row.user_id)} is ${String(row.n)} times in ${String(row.account_id)}`,
  },
  {
    invariant: 'every member other than the owner joined by an accepted invite (workload)',
    sql: `select au.account_id, u.email from account_users au join users u on u.id = au.user_id
      where au.permission <> 'owner'
        and not exists (select 1 from invites i where i.account_id = au.account_id
                        and lower(i.email) = lower(u.email) and i.accepted_at is not null)`,
    detail: (row) =>
      `${String(row.email)} is a member of ${String(row.account_id)} without an invite`,
  },
  {
    invariant: "a user's default account is one of theirs",
    sql: `select u.email, u.default_account_id from users u
      where u.default_account_id is not null
        and not exists (select 1 from account_users au
                        where au.user_id = u.id and au.account_id = u.default_account_id)`,
    detail: (row) =>
      `${String(row.email)} defaults to ${String(row.default_account_id)}, not a membership`,
  },
  // Each roll-up equals the raw rows summed by its grain, whatever moment the kill cut.
  ...[
    { table: 'report_daily', grain: ['date', 'advertiser', 'campaign'] },
    { table: 'report_advertiser_daily', grain: ['date', 'advertiser'] },
    { table: 'report_campaign_monthly', grain: ['month', 'advertiser', 'campaign'] },
  ].map(({ table, grain }) => ({
    invariant: `${table} holds the totals of report_rows`,
    sql: `with r as (
        select account_id, ${grain.join(', ')}, sum(impressions) as impressions,
          sum(clicks) as clicks, sum(conversions) as conversions, sum(revenue) as revenue,
          sum(payout) as payout
        from (select *, date_trunc('month', date)::date as month from report_rows) as rows
        group by account_id, ${grain.join(', ')})
      select coalesce(r.advertiser, d.advertiser) as advertiser, count(*)::int as cells
      from r full join ${table} d on d.account_id = r.account_id
        ${grain.map((column) => `and d.${column} = r.${column}`).join(' ')}
      where r.impressions is distinct from d.impressions or r.clicks is distinct from d.clicks
        or r.conversions is distinct from d.conversions or r.revenue is distinct from d.revenue
        or r.payout is distinct from d.payout
      group by 1`,
    detail: (row: Row) =>
      `advertiser ${String(row.advertiser)}: ${String(row.cells)} ${table} totals differ from its rows`,
  })),
  {
    // Cached dashboard answers are keyed by it: rows without a version would be served stale.
    invariant: 'every account with report rows has a data version',
    sql: `select distinct r.account_id from report_rows r
      where not exists (select 1 from report_data_versions v
                        where v.account_id = r.account_id and v.version >= 1)`,
    detail: (row) => `account ${String(row.account_id)} has rows and no data version`,
  },
  {
    invariant: 'invoice numbers are unique',
    sql: `select number, count(*)::int as n from local_invoices group by 1 having count(*) > 1`,
    detail: (row) => `${String(row.number)} appears ${String(row.n)} times`,
  },
  {
    invariant: 'invoice numbers are gapless per year (local_invoice_counters)',
    sql: `select c.year, c.last, count(i.id)::int as n,
        coalesce(max(substr(i.number, 10)::int), 0) as highest
      from local_invoice_counters c
      left join local_invoices i on i.number like 'INV-' || c.year || '-%'
      group by c.year, c.last
      having count(i.id) <> c.last or coalesce(max(substr(i.number, 10)::int), 0) <> c.last
      union all
      select substr(i.number, 5, 4)::int, null, 1, substr(i.number, 10)::int
      from local_invoices i
      where not exists (select 1 from local_invoice_counters c
                        where i.number like 'INV-' || c.year || '-%')`,
    detail: (row) =>
      `year ${String(row.year)}: counter ${String(row.last)}, ${String(row.n)} invoices, highest ${String(row.highest)}`,
  },
  {
    invariant: 'at most one open subscription per account',
    sql: `select account_id, count(*)::int as n from subscriptions
      where status in ${OPEN} group by 1 having count(*) > 1`,
    detail: (row) => `account ${String(row.account_id)} has ${String(row.n)} open subscriptions`,
  },
  {
    invariant: "a live subscription's plan and status are the account's",
    sql: `select a.id, a.plan, a.subscription_status, s.plan as sub_plan, s.status
      from accounts a join subscriptions s on s.account_id = a.id and s.status in ${LIVE}
      where a.plan is distinct from s.plan or a.subscription_status is distinct from s.status`,
    detail: (row) =>
      `account ${String(row.id)} shows ${String(row.plan)}/${String(row.subscription_status)}, its subscription ${String(row.sub_plan)}/${String(row.status)}`,
  },
  {
    invariant: 'a paid plan has a live subscription',
    sql: `select a.id, a.plan from accounts a
      where a.plan is not null and a.plan <> 'free_core'
        and not exists (select 1 from subscriptions s
                        where s.account_id = a.id and s.status in ${LIVE})`,
    detail: (row) => `account ${String(row.id)} is on ${String(row.plan)} with nothing live`,
  },
  {
    invariant: 'a recorded subscription exists at the processor',
    sql: `select s.id, s.provider_subscription_id from subscriptions s
      where s.provider = 'local' and s.provider_subscription_id is not null
        and not exists (select 1 from local_subscriptions l
                        where l.id = s.provider_subscription_id)`,
    detail: (row) =>
      `subscription ${String(row.id)} names ${String(row.provider_subscription_id)}, unknown to the processor`,
  },
];

/** Mail is queued in the transaction of the change it tells of: an invite and its mail together. */
const OUTBOX_CHECKS: Check[] = [
  {
    invariant: 'an invite has its mail queued (transactional outbox)',
    sql: `select i.id, i.email from invites i
      where not exists (select 1 from outbox o
                        where o.template = 'invite' and lower(o.to) = lower(i.email))`,
    detail: (row) => `invite ${String(row.id)} (${String(row.email)}) has no invite mail`,
  },
  {
    invariant: 'an invite mail belongs to a saved invite (transactional outbox)',
    sql: `select o.id, o.to from outbox o
      where o.template = 'invite'
        and not exists (select 1 from invites i where lower(i.email) = lower(o.to))`,
    detail: (row) => `mail ${String(row.id)} invites ${String(row.to)}, who has no invite`,
  },
];

/**
 * Paid at the processor, not yet recorded by the app: the kill fell between the processor's
 * answer and the app's record of it — before the app learnt the subscription's id, or while the
 * cardholder approved a 3-D Secure payment. Reconciliation records it once the row is older
 * than its grace (billing-reconcile.service.ts).
 */
const PAID_UNRECORDED = `from subscriptions s
  join local_subscriptions l on l.id = s.provider_subscription_id
    or (s.provider_subscription_id is null and l.idempotency_key = s.idempotency_key)
  where s.status = 'incomplete' and l.status = 'active'`;

const UNRECORDED_PAYMENTS = `select s.account_id ${PAID_UNRECORDED}`;

/**
 * The grace, passed without waiting for it: the unrecorded attempts are made older than the
 * job's grace (trials take seconds; the grace is minutes), so the next boot's jobs take them.
 */
const AGE_UNRECORDED_PAYMENTS = `update subscriptions aged
  set created_at = aged.created_at - ${ATTEMPT_GRACE_MS + 60_000} * interval '1 millisecond',
    updated_at = aged.updated_at - ${ATTEMPT_GRACE_MS + 60_000} * interval '1 millisecond'
  where aged.id in (select s.id ${PAID_UNRECORDED})
  returning aged.account_id`;

const inList = (values: string[]) =>
  values.length === 0
    ? `(null)`
    : `(${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')})`;

async function checkInvariants(
  query: Query,
  known: Known,
): Promise<{ broken: { invariant: string; detail: string }[]; unrecorded: string[] }> {
  const broken: { invariant: string; detail: string }[] = [];
  for (const check of [...CHECKS, ...OUTBOX_CHECKS]) {
    for (const row of await query(check.sql))
      broken.push({ invariant: check.invariant, detail: check.detail(row) });
  }

  // Imports: all rows of a file or none; a finished one all of them.
  const counts = new Map(
    (
      await query(
        `select advertiser, count(*)::int as n from report_rows
         where advertiser like 'crash-%' group by 1`,
      )
    ).map((row) => [String(row.advertiser), Number(row.n)]),
  );
  for (const run of known.imports) {
    const found = counts.get(run.marker) ?? 0;
    if (found !== 0 && found !== run.rows)
      broken.push({
        invariant: 'an import is all rows or none',
        detail: `${run.marker}: ${found} of ${run.rows} rows (${run.outcome})`,
      });
    else if (run.outcome === 'completed' && found !== run.rows)
      broken.push({
        invariant: 'a finished import survives',
        detail: `${run.marker}: ${found} of ${run.rows} rows after the CLI said it imported them`,
      });
    else if (run.outcome === 'refused')
      broken.push({
        invariant: 'the CLI import runs',
        detail: `${run.marker} refused: ${run.output.slice(-300)}`,
      });
  }

  // Acknowledged writes survive the kill.
  const memberships = await query(
    `select au.account_id, lower(u.email) as email, au.permission
     from account_users au join users u on u.id = au.user_id`,
  );
  const owners = new Set(
    memberships
      .filter((row) => row.permission === 'owner')
      .map((row) => `${String(row.account_id)} ${String(row.email)}`),
  );
  const members = new Set(
    memberships.map((row) => `${String(row.account_id)} ${String(row.email)}`),
  );
  for (const signup of known.signups) {
    if (!owners.has(`${signup.accountId} ${signup.email.toLowerCase()}`))
      broken.push({
        invariant: 'an acknowledged sign-up survives',
        detail: `${signup.email} is not the owner of ${signup.accountId}`,
      });
  }
  for (const join of known.joins) {
    if (!members.has(`${join.accountId} ${join.email.toLowerCase()}`))
      broken.push({
        invariant: 'an acknowledged join survives',
        detail: `${join.email} is not a member of ${join.accountId}`,
      });
  }
  const invites = new Set(
    (await query(`select account_id, lower(email) as email from invites`)).map(
      (row) => `${String(row.account_id)} ${String(row.email)}`,
    ),
  );
  for (const invite of known.invites) {
    if (!invites.has(`${invite.accountId} ${invite.email.toLowerCase()}`))
      broken.push({
        invariant: 'an acknowledged invite survives',
        detail: `no invite for ${invite.email} in ${invite.accountId}`,
      });
  }
  const userIds = [...known.names.keys()];
  const users = new Map(
    (
      await query(`select id, first_name, pending_email from users where id in ${inList(userIds)}`)
    ).map((row) => [String(row.id), row]),
  );
  for (const [userId, names] of known.names) {
    const user = users.get(userId);
    if (!user) continue; // reported above as a lost sign-up or join
    if (!names.has(String(user.first_name)))
      broken.push({
        invariant: 'an acknowledged profile change survives',
        detail: `user ${userId} is named ${String(user.first_name)}, expected one of ${[...names].join(', ')}`,
      });
    const pending = known.pendingEmails.get(userId) ?? new Set([null]);
    const stored = (user.pending_email as string | null) ?? null;
    if (!pending.has(stored))
      broken.push({
        invariant: 'an acknowledged e-mail change request survives',
        detail: `user ${userId} waits for ${String(stored)}, expected one of ${[...pending].map(String).join(', ')}`,
      });
  }
  const accountIds = [...known.plans.keys()];
  const plans = new Map(
    (await query(`select id, plan from accounts where id in ${inList(accountIds)}`)).map((row) => [
      String(row.id),
      (row.plan as string | null) ?? null,
    ]),
  );
  for (const [accountId, possible] of known.plans) {
    if (!plans.has(accountId)) continue;
    const plan = plans.get(accountId) ?? null;
    if (!possible.has(plan))
      broken.push({
        invariant: 'an acknowledged upgrade survives',
        detail: `account ${accountId} is on ${String(plan)}, expected one of ${[...possible].map(String).join(', ')}`,
      });
  }
  const unrecorded = (await query(UNRECORDED_PAYMENTS)).map((row) => String(row.account_id));
  return { broken, unrecorded };
}

/** PostgreSQL: every query in one repeatable-read snapshot. */
export async function checkPostgres(databaseUrl: string, known: Known) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const result = await checkInvariants(
      async (text) => (await client.query<Row>(text)).rows,
      known,
    );
    await client.query('commit');
    return result;
  } finally {
    await client.end();
  }
}

/** PGlite: a copy of the data dir as the kill left it, opened (and recovered) here. */
export async function checkPglite(dataDir: string, scratch: string, known: Known) {
  rmSync(scratch, { recursive: true, force: true });
  cpSync(join(dataDir, 'pgdata'), scratch, { recursive: true });
  const client = await PGlite.create(scratch);
  try {
    return await checkInvariants(async (text) => (await client.query<Row>(text)).rows, known);
  } finally {
    await client.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Ages the unrecorded payments past the job's grace; answers their accounts. */
export async function ageUnrecordedPostgres(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(AGE_UNRECORDED_PAYMENTS)).rows.map((row) =>
      String(row.account_id),
    );
  } finally {
    await client.end();
  }
}

/** PGlite: the data dir itself, opened between a kill and the restart (as the CLI imports do). */
export async function ageUnrecordedPglite(dataDir: string): Promise<string[]> {
  const client = await PGlite.create(join(dataDir, 'pgdata'));
  try {
    return (await client.query<Row>(AGE_UNRECORDED_PAYMENTS)).rows.map((row) =>
      String(row.account_id),
    );
  } finally {
    await client.close();
  }
}

/** The account's plan as its owner's session reads it (GET /api/user), or null if unreadable. */
export async function planSeenBy(url: string, token: string): Promise<string | null> {
  try {
    const response = await fetch(`${url}/api/user`, {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.0.0.1' },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: { plan?: string | null } };
    return body.data?.plan ?? null;
  } catch {
    return null;
  }
}
