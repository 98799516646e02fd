import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { events } from '../../db/schema/index';
import { createTestDatabase } from '../../../test/test-database';
import { listConsoleEvents } from './console-events.service';
import { closedBefore } from './event-day-counts';

// Stored counts cover every event of a day: no other file's events may land here.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ alone: true });
});
afterAll(async () => {
  await database.close();
});

const NOW = new Date('2026-11-23T10:00:00Z');
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);
const QUERY = { page: 1, page_size: 5 } as const;

async function addEvents(list: { name: string; createdAt: Date }[]) {
  await database.db.insert(events).values(list);
}

/** The chart as the events themselves say it, for the same range and name. */
async function countedFromEvents(from: string, name?: string) {
  const rows = await rowsOf<{ name: string; n: number }>(
    database.db,
    sql`select name, count(*)::int as n from events
        where created_at >= ${at(from, '00:00:00').toISOString()}::timestamptz
          ${name ? sql`and name = ${name}` : sql``}
        group by 1`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.n]));
}

const totalsOf = (list: Awaited<ReturnType<typeof listConsoleEvents>>) =>
  Object.fromEntries(list.counts.names.map((entry) => [entry.name, entry.total]));

describe("the console's event counts by closed day (migration 0028)", () => {
  it('closes days two UTC days back', () => {
    expect(closedBefore(NOW).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(closedBefore(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe(
      '2026-11-22T00:00:00.000Z',
    );
  });

  it('equal the events, stored for closed days and live for open ones, and follow late writes', async () => {
    await addEvents([
      { name: 'signin', createdAt: at('2026-11-01', '00:00:00') },
      { name: 'signin', createdAt: at('2026-11-01', '23:59:59') },
      { name: 'report.viewed', createdAt: at('2026-11-10') },
      { name: 'signin', createdAt: at('2026-11-21', '23:59:59') },
      { name: 'signin', createdAt: at('2026-11-22', '00:00:00') },
      { name: 'report.viewed', createdAt: at('2026-11-23', '09:00:00') },
    ]);
    const first = await listConsoleEvents(database.db, QUERY, NOW);
    expect(first.total).toBe(6);
    expect(totalsOf(first)).toEqual(await countedFromEvents('2026-10-25'));
    const days = await rowsOf<{ day: string }>(
      database.db,
      sql`select day::text from event_days_counted order by day`,
    );
    // The 28 closed days of the default 30, and none of the two open ones.
    expect(days.map((row) => row.day)).toHaveLength(28);
    expect(days.at(-1)?.day).toBe('2026-11-21');

    // Written later with a time on a counted day, and on an open one.
    await addEvents([
      { name: 'signin', createdAt: at('2026-11-01') },
      { name: 'help_opened', createdAt: at('2026-11-10') },
      { name: 'signin', createdAt: at('2026-11-23', '09:30:00') },
    ]);
    const second = await listConsoleEvents(database.db, QUERY, NOW);
    expect(second.total).toBe(9);
    expect(totalsOf(second)).toEqual(await countedFromEvents('2026-10-25'));
    const signins = second.counts.names.find((entry) => entry.name === 'signin');
    expect(signins?.per_day[second.counts.days.indexOf('2026-11-01')]).toBe(3);
    expect(signins?.per_day.slice(-3)).toEqual([1, 1, 1]);
  });

  it('filter stored days by name, and count a range of closed days only', async () => {
    const named = await listConsoleEvents(database.db, { ...QUERY, name: 'signin' }, NOW);
    expect(totalsOf(named)).toEqual(await countedFromEvents('2026-10-25', 'signin'));
    const past = await listConsoleEvents(
      database.db,
      { ...QUERY, from: '2026-11-01', to: '2026-11-10' },
      NOW,
    );
    expect(past.counts.days).toHaveLength(10);
    expect(totalsOf(past)).toEqual({ signin: 3, 'report.viewed': 1, help_opened: 1 });
    expect(past.total).toBe(5);
    expect(past.rows).toHaveLength(5);
  });
});
