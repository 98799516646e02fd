import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { DAY_MS, dayStart } from '../../lib/utc-days';

/**
 * Today and yesterday (UTC) stay open: an event is written at its own time, and one written just
 * before midnight may commit just after it. Days before them are closed.
 */
const OPEN_DAYS = 2;

export interface DayCount {
  name: string;
  day: string;
  n: number;
}

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The first instant of the first open day: events before it can no longer change. */
export function closedBefore(now: Date): Date {
  return new Date(dayStart(utcDay(now)).getTime() - (OPEN_DAYS - 1) * DAY_MS);
}

/**
 * Events per name per day over closed whole days [from, until), from event_day_counts: the days
 * not yet counted are counted first, once (whoever claims a day counts it, in the same
 * statement; a request that finds a day being claimed waits for it, then reads). Two statements,
 * so the read sees what a concurrent claim committed.
 */
export async function closedDayCounts(
  db: Db,
  range: { from: Date; until: Date },
  name?: string,
): Promise<DayCount[]> {
  const first = utcDay(range.from);
  const last = utcDay(new Date(range.until.getTime() - DAY_MS));
  await db.execute(sql`
    with claimed as (
      insert into event_days_counted (day)
      select day::date from generate_series(${first}::date, ${last}::date, interval '1 day') as day
      on conflict do nothing
      returning day)
    insert into event_day_counts (day, name, n)
    select (created_at at time zone 'UTC')::date, name, count(*)::int from events
    where created_at >= (select min(day) from claimed)::timestamp at time zone 'UTC'
      and created_at < ((select max(day) from claimed) + 1)::timestamp at time zone 'UTC'
      and (created_at at time zone 'UTC')::date in (select day from claimed)
    group by 1, 2`);
  const named = name === undefined ? sql`` : sql`and name = ${name}`;
  return rowsOf<DayCount>(
    db,
    sql`select name, day::text as day, n from event_day_counts
        where day between ${first}::date and ${last}::date ${named}`,
  );
}
