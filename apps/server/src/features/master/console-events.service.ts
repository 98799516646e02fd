import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ConsoleEvent, ConsoleEventList, EventsQuery } from '@partner-portal/shared/master';
import type { Db } from '../../db/client';
import { accounts, events, users } from '../../db/schema/index';
import { DAY_MS, dayAfter, dayStart } from '../../lib/utc-days';
import { rowsOf } from '../../db/raw-rows';
import { closedBefore, closedDayCounts, type DayCount } from './event-day-counts';

/** The chart shows this many names; the rest are summed as `other`. */
const CHART_NAMES = 8;
/** Without dates, the chart and list cover the last 30 days. */
const DEFAULT_DAYS = 30;

export function toConsoleEvent(
  event: typeof events.$inferSelect,
  email: string | null,
  account: { id: string; name: string } | null,
): ConsoleEvent {
  return {
    id: event.id,
    name: event.name,
    user: event.userId && email ? { id: event.userId, email } : null,
    account: event.accountId && account ? { id: account.id, name: account.name } : null,
    metadata: event.metadata,
    created: event.createdAt.toISOString(),
  };
}

/** The whole UTC days of the query, the last 30 when it names none. */
function rangeOf(query: EventsQuery, now: Date): { from: Date; to: Date } {
  // Up to and including this moment.
  const to = query.to ? dayAfter(query.to) : new Date(now.getTime() + 1);
  const from = query.from
    ? dayStart(query.from)
    : new Date(dayStart(to.toISOString().slice(0, 10)).getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
  return { from, to };
}

function conditionsOf(query: EventsQuery, range: { from: Date; to: Date }): SQL | undefined {
  const conditions: SQL[] = [gte(events.createdAt, range.from), lt(events.createdAt, range.to)];
  if (query.name) conditions.push(eq(events.name, query.name));
  if (query.account) conditions.push(eq(events.accountId, query.account));
  if (query.email) {
    conditions.push(
      sql`${events.userId} = (select id from users where lower(email) = ${query.email.toLowerCase()})`,
    );
  }
  return and(...conditions);
}

/** Events per name per day, counted from the events themselves. */
function liveCounts(db: Db, where: SQL | undefined): Promise<DayCount[]> {
  return rowsOf<DayCount>(
    db,
    sql`select ${events.name} as name, (${events.createdAt} at time zone 'UTC')::date::text as day,
          count(*)::int as n
        from ${events} where ${where} group by 1, 2`,
  );
}

/**
 * The chart's counts: closed days from their stored counts and open ones counted live
 * (docs/scaling.md), where the filter is one those counts know (none, or the event's name); an
 * account's or a person's events are counted live through their own indexes.
 */
async function countsPerDay(
  db: Db,
  query: EventsQuery,
  range: { from: Date; to: Date },
  now: Date,
): Promise<DayCount[]> {
  const until = new Date(Math.min(closedBefore(now).getTime(), range.to.getTime()));
  if (query.account || query.email || until <= range.from) {
    return liveCounts(db, conditionsOf(query, range));
  }
  const [closed, open] = await Promise.all([
    closedDayCounts(db, { from: range.from, until }, query.name),
    until < range.to ? liveCounts(db, conditionsOf(query, { from: until, to: range.to })) : [],
  ]);
  return [...closed, ...open];
}

/**
 * GET /api/master/events (docs/product.md#operator-console): a page of events, newest first, and
 * for the same filter the count per name per day — Mission Control's chart — whose sum is the
 * total.
 */
export async function listConsoleEvents(
  db: Db,
  query: EventsQuery,
  now: Date,
): Promise<ConsoleEventList> {
  const range = rangeOf(query, now);
  const [rows, perDay] = await Promise.all([
    db
      .select({ event: events, email: users.email, account: accounts })
      .from(events)
      .leftJoin(users, eq(users.id, events.userId))
      .leftJoin(accounts, eq(accounts.id, events.accountId))
      .where(conditionsOf(query, range))
      .orderBy(desc(events.createdAt), desc(events.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    countsPerDay(db, query, range, now),
  ]);
  return {
    rows: rows.map(({ event, email, account }) => toConsoleEvent(event, email, account)),
    total: perDay.reduce((sum, day) => sum + day.n, 0),
    page: query.page,
    page_size: query.page_size,
    counts: chartOf(perDay, range.from, range.to),
  };
}

/** Per name per day, every day of the range present, the busiest names first. */
function chartOf(perDay: DayCount[], from: Date, to: Date) {
  const days: string[] = [];
  for (let at = from.getTime(); at < to.getTime(); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  const totals = new Map<string, number>();
  for (const row of perDay) totals.set(row.name, (totals.get(row.name) ?? 0) + row.n);
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = new Set(ranked.slice(0, CHART_NAMES).map(([name]) => name));
  const series = new Map<string, number[]>();
  for (const row of perDay) {
    const name = shown.has(row.name) ? row.name : 'other';
    const index = days.indexOf(row.day);
    if (index < 0) continue;
    const values = series.get(name) ?? days.map(() => 0);
    values[index] = (values[index] ?? 0) + row.n;
    series.set(name, values);
  }
  const names = [...series.entries()]
    .map(([name, per_day]) => ({ name, total: per_day.reduce((sum, n) => sum + n, 0), per_day }))
    .sort((a, b) => (a.name === 'other' ? 1 : b.name === 'other' ? -1 : b.total - a.total));
  return { days, names };
}
