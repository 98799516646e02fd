import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createUser, uniqueEmail } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './client';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate';
import {
  accountUsers,
  accounts,
  events,
  invites,
  oneTimeTokens,
  reportRows,
  sessions,
  users,
} from './schema/index';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** The PostgreSQL error code behind a failed query (drizzle wraps the driver's error). */
async function failureCode(query: Promise<unknown>): Promise<string | undefined> {
  try {
    await query;
  } catch (error) {
    const cause = error instanceof Error && error.cause ? error.cause : error;
    return (cause as { code?: string }).code;
  }
  return undefined;
}

const inAnHour = () => new Date(Date.now() + 3_600_000);

describe('migrations', () => {
  it('records every generated migration once, and applying them again changes nothing', async () => {
    const journal = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const countApplied = async () => {
      // Both drivers answer { rows }; the common Db type cannot say so.
      const result = (await database.db.execute(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      )) as { rows: { count: number }[] };
      return result.rows[0]?.count;
    };
    expect(await countApplied()).toBe(journal.entries.length);
    await migrateDatabase(database);
    expect(await countApplied()).toBe(journal.entries.length);
  });

  it('stamps each new migration after every one before it, or the migrator would skip it', () => {
    // drizzle applies a migration only when its stamp is later than the newest applied one.
    // 0008 and 0009 were stamped before 0007 when they were written; the rest must not be.
    const { entries } = JSON.parse(
      readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as { entries: { tag: string; when: number }[] };
    const knownOutOfOrder = new Set(['0008_mail_outbox_dispatch', '0009_report_imports']);
    let newest = 0;
    const late: string[] = [];
    for (const entry of entries) {
      if (entry.when <= newest && !knownOutOfOrder.has(entry.tag)) late.push(entry.tag);
      newest = Math.max(newest, entry.when);
    }
    expect(late).toEqual([]);
  });
});

describe('users', () => {
  it('refuses a second user whose e-mail differs only in case', async () => {
    const email = uniqueEmail('case');
    await createUser(database.db, { email });
    const duplicate = database.db
      .insert(users)
      .values({ email: email.toUpperCase(), firstName: 'Dup', lastName: 'Licate' });
    expect(await failureCode(duplicate)).toBe('23505');
  });

  it('gives new users the documented defaults', async () => {
    const { user } = await createUser(database.db, { verified: false });
    expect(user).toMatchObject({
      locale: 'en',
      darkMode: false,
      verified: false,
      totpEnabled: false,
      supportUntil: null,
      disabled: false,
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.createdAt).toBeInstanceOf(Date);
  });
});

describe('account_users', () => {
  it('refuses a membership for a user that does not exist', async () => {
    const account = await createAccount(database.db);
    const orphan = database.db
      .insert(accountUsers)
      .values({ accountId: account.id, userId: randomUUID(), permission: 'user' });
    expect(await failureCode(orphan)).toBe('23503');
  });

  it('refuses a second membership of the same user in the same account', async () => {
    const { user, account } = await createUser(database.db);
    const again = database.db
      .insert(accountUsers)
      .values({ accountId: account.id, userId: user.id, permission: 'admin' });
    expect(await failureCode(again)).toBe('23505');
  });
});

describe('deleting', () => {
  it('an account removes its memberships, sessions, invites and report rows but keeps the user', async () => {
    const { user, account } = await createUser(database.db, { permission: 'owner' });
    const { db } = database;
    await db.update(users).set({ defaultAccountId: account.id }).where(eq(users.id, user.id));
    await db
      .insert(sessions)
      .values({ userId: user.id, accountId: account.id, expiresAt: inAnHour() });
    await db.insert(invites).values({
      accountId: account.id,
      email: uniqueEmail('invitee'),
      invitedBy: user.id,
      expiresAt: inAnHour(),
    });
    await db.insert(reportRows).values({
      accountId: account.id,
      date: '2026-01-01',
      advertiser: 'Acme',
      campaign: 'Spring',
      channel: 'search',
      country: 'US',
      device: 'mobile',
      impressions: 100,
      clicks: 10,
      conversions: 1,
      revenue: '12.50',
      payout: '3.10',
    });

    await db.delete(accounts).where(eq(accounts.id, account.id));

    const [kept] = await db.select().from(users).where(eq(users.id, user.id));
    expect(kept?.defaultAccountId).toBeNull();
    expect(
      await db.select().from(accountUsers).where(eq(accountUsers.accountId, account.id)),
    ).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.accountId, account.id))).toEqual([]);
    expect(await db.select().from(invites).where(eq(invites.accountId, account.id))).toEqual([]);
    expect(await db.select().from(reportRows).where(eq(reportRows.accountId, account.id))).toEqual(
      [],
    );
  });

  it('a user removes their tokens and memberships but keeps their events, unattributed', async () => {
    const { user, account } = await createUser(database.db);
    const { db } = database;
    await db.insert(oneTimeTokens).values({
      kind: 'verify',
      tokenHash: randomUUID(),
      userId: user.id,
      expiresAt: inAnHour(),
    });
    const [event] = await db
      .insert(events)
      .values({ name: 'signin', userId: user.id, accountId: account.id })
      .returning();

    await db.delete(users).where(eq(users.id, user.id));

    expect(await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id))).toEqual(
      [],
    );
    expect(await db.select().from(accountUsers).where(eq(accountUsers.userId, user.id))).toEqual(
      [],
    );
    const [keptEvent] = await db
      .select()
      .from(events)
      .where(eq(events.id, event?.id ?? ''));
    expect(keptEvent).toMatchObject({ name: 'signin', userId: null, accountId: account.id });
  });
});

describe('transactions', () => {
  it('roll back every write when the callback throws', async () => {
    const name = `Rolled back ${randomUUID()}`;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(accounts).values({ name });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await database.db.select().from(accounts).where(eq(accounts.name, name))).toEqual([]);
  });
});
