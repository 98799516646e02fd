import { sql, type SQL } from 'drizzle-orm';
import { PLANS, PLAN_IDS, type PlanId } from '@partner-portal/shared/plans';
import type { Figure, Overview } from '@partner-portal/shared/master';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { monthlyCents } from './console-sql';

const DAY_MS = 86_400_000;

/**
 * Subscriptions paying at moment `at`: made by then, not yet ended, and past their first payment.
 * A subscription's plan is today's: a plan changed within the period counts at its new price for
 * the whole period (docs/product.md#operator-console says so).
 */
const payingAt = (at: SQL) =>
  sql`s.created_at <= ${at} and (s.ended_at is null or s.ended_at > ${at})
      and s.status not in ('incomplete', 'incomplete_expired')`;

/**
 * Account `a` is a customer's: not closed, and not an operator's own (every member a master, as
 * `admin create-master` makes one). An account an operator shares with a partner still counts.
 */
const isCustomerAccount = sql`a.closed_at is null and (
  exists (select 1 from account_users m join users u on u.id = m.user_id
          where m.account_id = a.id and not u.is_master)
  or not exists (select 1 from account_users m where m.account_id = a.id))`;

const change = (value: number, previous: number | null): Figure => ({ value, previous });
const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
/** A share in the period before, or null when there was nothing to share (no comparison). */
const previousRatio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * GET /api/master/overview (docs/product.md#operator-console): the service at a glance over the
 * last `days` days, each figure beside the same span before it, and daily series for the trend
 * charts. Six statements, each one pass over an indexed range; the events table is not read.
 */
export async function overview(db: Db, now: Date, days: number): Promise<Overview> {
  const to = now;
  const from = new Date(now.getTime() - days * DAY_MS);
  const before = new Date(from.getTime() - days * DAY_MS);
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const firstDay = sql`(${at(from)})::date + 1`;
  const lastDay = sql`(${at(to)})::date`;

  const [people] = await rowsOf<{
    signups: number;
    signups_before: number;
    verified: number;
    verified_before: number;
  }>(
    db,
    sql`select
          count(*) filter (where created_at >= ${at(from)})::int as signups,
          count(*) filter (where created_at < ${at(from)})::int as signups_before,
          count(*) filter (where created_at >= ${at(from)} and verified)::int as verified,
          count(*) filter (where created_at < ${at(from)} and verified)::int as verified_before
        from users
        where created_at >= ${at(before)} and created_at < ${at(to)} and not is_master`,
  );

  // A user is active in a window when one of their own sessions (not a support session) was in
  // use in it: opened before the window ended and seen after it began.
  const activeIn = (start: Date, end: Date) =>
    sql`(select count(distinct user_id)::int from sessions
          where impersonator_id is null and last_seen_at >= ${at(start)} and created_at < ${at(end)})`;
  const back = (ms: number) => new Date(to.getTime() - ms);
  const [active] = await rowsOf<Record<string, number>>(
    db,
    sql`select ${activeIn(back(DAY_MS), to)} as daily,
               ${activeIn(back(2 * DAY_MS), back(DAY_MS))} as daily_before,
               ${activeIn(back(7 * DAY_MS), to)} as weekly,
               ${activeIn(back(14 * DAY_MS), back(7 * DAY_MS))} as weekly_before,
               ${activeIn(back(30 * DAY_MS), to)} as monthly,
               ${activeIn(back(60 * DAY_MS), back(30 * DAY_MS))} as monthly_before`,
  );

  const [money] = await rowsOf<{
    mrr: number;
    mrr_before: number;
    live_at_start: number;
    ended: number;
    live_before_start: number;
    ended_before: number;
  }>(
    db,
    sql`select
          coalesce(sum(${monthlyCents}) filter (where ${payingAt(at(to))}), 0)::int as mrr,
          coalesce(sum(${monthlyCents}) filter (where ${payingAt(at(from))}), 0)::int as mrr_before,
          count(*) filter (where ${payingAt(at(from))})::int as live_at_start,
          count(*) filter (where s.status = 'canceled' and s.ended_at >= ${at(from)} and s.ended_at < ${at(to)})::int as ended,
          count(*) filter (where ${payingAt(at(before))})::int as live_before_start,
          count(*) filter (where s.status = 'canceled' and s.ended_at >= ${at(before)} and s.ended_at < ${at(from)})::int as ended_before
        from subscriptions s
        where s.status not in ('incomplete', 'incomplete_expired')`,
  );

  const [ratings] = await rowsOf<{
    positive: number;
    negative: number;
    total: number;
    positive_before: number;
    negative_before: number;
    total_before: number;
  }>(
    db,
    sql`select
          count(*) filter (where created_at >= ${at(from)} and rating = 'positive')::int as positive,
          count(*) filter (where created_at >= ${at(from)} and rating = 'negative')::int as negative,
          count(*) filter (where created_at >= ${at(from)})::int as total,
          count(*) filter (where created_at < ${at(from)} and rating = 'positive')::int as positive_before,
          count(*) filter (where created_at < ${at(from)} and rating = 'negative')::int as negative_before,
          count(*) filter (where created_at < ${at(from)})::int as total_before
        from feedback where created_at >= ${at(before)} and created_at < ${at(to)}`,
  );

  const mix = await rowsOf<{ plan: string; accounts: number }>(
    db,
    sql`select coalesce(a.plan, 'free_core') as plan, count(*)::int as accounts
        from accounts a where ${isCustomerAccount} group by 1`,
  );

  // One row a day of the period: sign-ups that day, users active that day, MRR at its end.
  const series = await rowsOf<{ day: string; signups: number; active: number; mrr: number }>(
    db,
    sql`select d::date::text as day,
          (select count(*)::int from users u
            where u.created_at >= d and u.created_at < d + interval '1 day' and not u.is_master) as signups,
          (select count(distinct user_id)::int from sessions
            where impersonator_id is null and last_seen_at >= d and created_at < d + interval '1 day') as active,
          (select coalesce(sum(${monthlyCents}), 0)::int from subscriptions s
            where ${payingAt(sql`least(d + interval '1 day', ${at(to)})`)}) as mrr
        from generate_series(${firstDay}, ${lastDay}, interval '1 day') as d
        order by d`,
  );

  const score = (positive: number, negative: number, total: number) =>
    total === 0 ? null : Math.round(((positive - negative) / total) * 100);
  const p = people!;
  const m = money!;
  const r = ratings!;
  const a = active!;
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    days,
    signups: change(p.signups, p.signups_before),
    verification_rate: change(
      ratio(p.verified, p.signups),
      previousRatio(p.verified_before, p.signups_before),
    ),
    active_users: {
      daily: change(a.daily ?? 0, a.daily_before ?? 0),
      weekly: change(a.weekly ?? 0, a.weekly_before ?? 0),
      monthly: change(a.monthly ?? 0, a.monthly_before ?? 0),
    },
    mrr: {
      ...change(m.mrr, m.mrr_before),
      net_new: m.mrr - m.mrr_before,
      currency: PLANS[0]!.currency.code,
    },
    churn: change(
      ratio(m.ended, m.live_at_start),
      previousRatio(m.ended_before, m.live_before_start),
    ),
    feedback: {
      score: score(r.positive, r.negative, r.total),
      previous: score(r.positive_before, r.negative_before, r.total_before),
      ratings: r.total,
    },
    plan_mix: PLAN_IDS.map((plan: PlanId) => ({
      plan,
      accounts: mix.find((row) => row.plan === plan)?.accounts ?? 0,
    })),
    series: {
      signups: series.map((row) => ({ day: row.day, value: row.signups })),
      active_users: series.map((row) => ({ day: row.day, value: row.active })),
      mrr: series.map((row) => ({ day: row.day, value: row.mrr })),
    },
  };
}
