import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  accounts,
  accountUsers,
  feedback,
  sessions,
  subscriptions,
  users,
} from '../../db/schema/index';
import { createTestDatabase } from '../../../test/test-database';
import { overview } from './overview.service';

/**
 * docs/product.md#operator-console: each figure from rows written here, on a database of its
 * own, at a moment long after anything else in it.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ alone: true });
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const NOW = new Date('2031-06-30T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

async function user(createdDaysAgo: number, verified: boolean, isMaster = false) {
  const [row] = await db()
    .insert(users)
    .values({
      email: `${randomUUID()}@example.test`,
      firstName: 'T',
      lastName: 'U',
      verified,
      isMaster,
      createdAt: ago(createdDaysAgo),
    })
    .returning();
  return row!;
}

async function account(plan: string | null, closed = false) {
  const [row] = await db()
    .insert(accounts)
    .values({ name: 'A', plan, closedAt: closed ? ago(1) : null, createdAt: ago(400) })
    .returning();
  return row!;
}

async function session(
  userId: string,
  accountId: string,
  openedDaysAgo: number,
  seenDaysAgo: number,
  impersonatorId: string | null = null,
) {
  await db()
    .insert(sessions)
    .values({
      userId,
      accountId,
      impersonatorId,
      createdAt: ago(openedDaysAgo),
      lastSeenAt: ago(seenDaysAgo),
      expiresAt: ago(seenDaysAgo - 1),
    });
}

async function subscription(
  accountId: string,
  plan: string,
  seats: number,
  startedDaysAgo: number,
  endedDaysAgo: number | null,
) {
  await db()
    .insert(subscriptions)
    .values({
      accountId,
      provider: 'local',
      plan,
      status: endedDaysAgo === null ? 'active' : 'canceled',
      seats,
      idempotencyKey: randomUUID(),
      createdAt: ago(startedDaysAgo),
      endedAt: endedDaysAgo === null ? null : ago(endedDaysAgo),
    });
}

describe('the console overview', () => {
  it('counts sign-ups, verification, activity, MRR, churn, feedback and the plan mix, each against the period before', async () => {
    // Sign-ups: 3 in the last 30 days (2 verified), 1 in the 30 before (verified); a master is not one.
    const a = await user(2, true);
    const b = await user(10, true);
    const c = await user(29, false);
    const d = await user(45, true);
    const operator = await user(5, true, true);
    const core = await account('free_core');
    // The operator's own account is no customer; one they share with a partner still is.
    const support = await account('free_core');
    await db()
      .insert(accountUsers)
      .values([
        { accountId: support.id, userId: operator.id, permission: 'owner' },
        { accountId: core.id, userId: operator.id, permission: 'admin' },
        { accountId: core.id, userId: a.id, permission: 'owner' },
      ]);
    const plus = await account('free_plus');
    const pro = await account('free_pro');
    await account('free_plus', true);
    // Active: a today, b within the week, c within the month; d the month before; a support
    // session of d's counts for nobody.
    await session(a.id, core.id, 3, 0.1);
    await session(b.id, core.id, 6, 5);
    await session(c.id, core.id, 20, 20);
    await session(d.id, core.id, 50, 40);
    await session(d.id, core.id, 1, 0.1, a.id);
    // MRR: Plus ($49) since long ago; Pro ($39 × 3 seats) since 10 days; a Plus that ended 5 days
    // ago after a year. At the start of the period: 4900 + 4900; now: 4900 + 11700.
    await subscription(plus.id, 'free_plus', 1, 300, null);
    await subscription(pro.id, 'free_pro', 3, 10, null);
    await subscription(core.id, 'free_plus', 1, 365, 5);
    // Feedback: 2 positive, 1 negative, 1 neutral now (score 25); 1 negative before (−100).
    for (const [rating, days] of [
      ['positive', 1],
      ['positive', 2],
      ['negative', 3],
      ['neutral', 4],
      ['negative', 40],
    ] as const) {
      await db()
        .insert(feedback)
        .values({ rating, createdAt: ago(days) });
    }

    const result = await overview(db(), NOW, 30);

    expect(result.signups).toEqual({ value: 3, previous: 1 });
    expect(result.verification_rate.value).toBeCloseTo(2 / 3);
    expect(result.verification_rate.previous).toBe(1);
    expect(result.active_users).toEqual({
      // a's session, open for three days, was in use the day before too.
      daily: { value: 1, previous: 1 },
      weekly: { value: 2, previous: 0 },
      monthly: { value: 3, previous: 1 },
    });
    expect(result.mrr).toEqual({ value: 16_600, previous: 9_800, net_new: 6_800, currency: 'usd' });
    expect(result.churn).toEqual({ value: 0.5, previous: 0 });
    expect(result.feedback).toEqual({ score: 25, previous: -100, ratings: 4 });
    expect(result.plan_mix).toEqual([
      { plan: 'free_core', accounts: 1 },
      { plan: 'free_plus', accounts: 1 },
      { plan: 'free_plus_ai', accounts: 0 },
      { plan: 'free_pro', accounts: 1 },
    ]);
    expect(result.series.signups).toHaveLength(30);
    expect(result.series.signups.at(-1)).toEqual({ day: '2031-06-30', value: 0 });
    expect(result.series.signups.find((point) => point.day === '2031-06-28')?.value).toBe(1);
    expect(result.series.mrr.at(-1)?.value).toBe(16_600);
    expect(result.series.mrr[0]?.value).toBe(9_800);
  });

  it('compares a share with nothing when the period before had nothing to share', async () => {
    const later = new Date('2040-01-01T00:00:00Z');
    const result = await overview(db(), later, 30);
    expect(result.signups).toEqual({ value: 0, previous: 0 });
    expect(result.verification_rate).toEqual({ value: 0, previous: null });
  });
});
