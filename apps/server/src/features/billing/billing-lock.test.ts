import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { createAccount } from '../../../test/factories';
import { createTestContext } from '../../../test/test-context';
import { createTestDatabase } from '../../../test/test-database';
import { withBillingLock } from './billing-lock';

/*
 * docs/billing.md "One billing lock per account": the helper itself, on PGlite and PostgreSQL
 * (locks differ). The races between billing routes are billing-races.test.ts.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const nameOf = async (id: string) =>
  (await database.db.select().from(accounts).where(eq(accounts.id, id)))[0]?.name;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withBillingLock', () => {
  it('runs two billing writes of one account one after the other', async () => {
    const ctx = createTestContext(database);
    const account = await createAccount(database.db);
    const steps: string[] = [];
    const write = (label: string) =>
      withBillingLock(ctx, account.id, async (locked) => {
        steps.push(`${label} start`);
        await locked.db.update(accounts).set({ name: label }).where(eq(accounts.id, account.id));
        await pause(30);
        steps.push(`${label} end`);
      });
    await Promise.all([write('first'), write('second')]);
    // Either may take the lock first (on PostgreSQL two connections race to it); neither starts
    // before the other has ended.
    const [firstIn] = steps[0]?.split(' ') ?? [];
    const secondIn = firstIn === 'first' ? 'second' : 'first';
    expect(steps).toEqual([
      `${firstIn} start`,
      `${firstIn} end`,
      `${secondIn} start`,
      `${secondIn} end`,
    ]);
  });

  it('nests: a locked write may call another one for the same account', async () => {
    const ctx = createTestContext(database);
    const account = await createAccount(database.db);
    const inner = await withBillingLock(ctx, account.id, (locked) =>
      withBillingLock(locked, account.id, async () => 'nested'),
    );
    expect(inner).toBe('nested');
  });

  it('commits what came before a 4xx answer, and rolls back before anything else', async () => {
    const ctx = createTestContext(database);
    const account = await createAccount(database.db);
    const rename = (name: string, error: Error) =>
      withBillingLock(ctx, account.id, async (locked) => {
        await locked.db.update(accounts).set({ name }).where(eq(accounts.id, account.id));
        throw error;
      });
    await expect(
      rename('kept', new AppError('conflict', 'error.payment_in_progress')),
    ).rejects.toThrow(AppError);
    expect(await nameOf(account.id)).toBe('kept');
    await expect(rename('lost', new Error('crash'))).rejects.toThrow('crash');
    expect(await nameOf(account.id)).toBe('kept');
  });

  it('answers a deadlock or serialization failure as a 409, never a 500', async () => {
    const ctx = createTestContext(database);
    const account = await createAccount(database.db);
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const answer = withBillingLock(ctx, account.id, async () => {
      throw new Error('query failed', { cause: deadlock });
    });
    await expect(answer).rejects.toMatchObject({ status: 409 });
  });
});
