import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { authChangeOfStatement, parseAuthChangePayload } from './auth-changes';
import * as schema from './schema/index';
import { accounts, accountUsers, apiKeys, oneTimeTokens, sessions, users } from './schema/index';

// The statements are the ones drizzle really generates, so a change in its SQL shows up here.
const db = drizzle.mock({ schema });
const id = '7d9a4a52-5a3c-4a55-9a57-0c4cf2d1e2aa';
const other = '0b6f0a8e-3a55-4b9e-8f57-1d2c3b4a5f6e';

function changeOf(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  return authChangeOfStatement(text, params);
}

describe('what a statement makes stale', () => {
  it("names the account of a changed API key, and ignores a key's last use", () => {
    const at = new Date();
    expect(
      changeOf(
        db
          .update(apiKeys)
          .set({ revokedAt: at })
          .where(and(eq(apiKeys.id, other), eq(apiKeys.accountId, id))),
      ),
    ).toEqual({ kind: 'account', id });
    expect(
      changeOf(db.delete(apiKeys).where(and(eq(apiKeys.id, other), eq(apiKeys.accountId, id)))),
    ).toEqual({ kind: 'account', id });
    // Keyed by id alone, the account is unknown: everything is forgotten.
    expect(changeOf(db.update(apiKeys).set({ name: 'x' }).where(eq(apiKeys.id, other)))).toEqual({
      kind: 'all',
      reason: 'update on api_keys',
    });
    expect(
      changeOf(
        db.update(apiKeys).set({ lastUsedAt: at, lastUsedIp: '::1' }).where(eq(apiKeys.id, other)),
      ),
    ).toBeNull();
    expect(
      changeOf(db.update(apiKeys).set({ lastUsedAt: at, name: 'x' }).where(eq(apiKeys.id, other))),
    ).toEqual({ kind: 'all', reason: 'update on api_keys' });
  });

  it('names the session, user or account a keyed write touches', () => {
    const at = new Date();
    expect(changeOf(db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, id)))).toEqual(
      { kind: 'session', id },
    );
    expect(
      changeOf(
        db
          .update(sessions)
          .set({ revokedAt: at })
          .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt))),
      ),
    ).toEqual({ kind: 'user', id });
    expect(changeOf(db.update(users).set({ firstName: 'Ada' }).where(eq(users.id, id)))).toEqual({
      kind: 'user',
      id,
    });
    expect(
      changeOf(db.update(accounts).set({ name: 'Renamed' }).where(eq(accounts.id, id))),
    ).toEqual({ kind: 'account', id });
    expect(
      changeOf(
        db
          .update(accountUsers)
          .set({ permission: 'admin' })
          .where(and(eq(accountUsers.accountId, other), eq(accountUsers.userId, id))),
      ),
    ).toEqual({ kind: 'account', id: other });
    expect(changeOf(db.delete(users).where(eq(users.id, id)))).toEqual({ kind: 'user', id });
  });

  it("reads a new membership's user from a single-row insert", () => {
    expect(
      changeOf(
        db.insert(accountUsers).values({ accountId: other, userId: id, permission: 'user' }),
      ),
    ).toEqual({ kind: 'user', id });
  });

  it('ignores new sessions and users, the last-seen touch, and tables nothing caches', () => {
    const at = new Date();
    expect(
      changeOf(db.insert(sessions).values({ userId: id, accountId: other, expiresAt: at })),
    ).toBeNull();
    expect(
      changeOf(db.insert(users).values({ email: 'a@b.test', firstName: 'A', lastName: 'B' })),
    ).toBeNull();
    expect(
      changeOf(db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id))),
    ).toBeNull();
    expect(
      changeOf(db.update(oneTimeTokens).set({ usedAt: at }).where(eq(oneTimeTokens.id, id))),
    ).toBeNull();
    expect(changeOf(db.select().from(users).where(eq(users.id, id)))).toBeNull();
  });

  it('forgets everything when it cannot tell which rows a write reaches', () => {
    const at = new Date();
    const everything = { kind: 'all', reason: expect.any(String) as string };
    expect(
      changeOf(
        db
          .update(sessions)
          .set({ revokedAt: at })
          .where(inArray(sessions.id, [id, other])),
      ),
    ).toEqual(everything);
    expect(
      changeOf(
        db
          .update(users)
          .set({ disabled: true })
          .where(or(eq(users.id, id), eq(users.id, other))),
      ),
    ).toEqual(everything);
    expect(changeOf(db.update(accounts).set({ name: 'All' }))).toEqual(everything);
    expect(authChangeOfStatement('update users set disabled = true', [])).toEqual(everything);
    expect(
      changeOf(
        db
          .insert(users)
          .values({ email: 'a@b.test', firstName: 'A', lastName: 'B' })
          .onConflictDoUpdate({ target: users.id, set: { firstName: sql`excluded.first_name` } }),
      ),
    ).toEqual(everything);
    expect(
      changeOf(
        db.insert(accountUsers).values([
          { accountId: other, userId: id, permission: 'user' },
          { accountId: id, userId: other, permission: 'user' },
        ]),
      ),
    ).toEqual(everything);
  });
});

describe("a trigger's payload", () => {
  it('reads the three kinds and nothing else', () => {
    expect(parseAuthChangePayload(`session:${id}`)).toEqual({ kind: 'session', id });
    expect(parseAuthChangePayload(`account:${id.toUpperCase()}`)).toEqual({ kind: 'account', id });
    expect(parseAuthChangePayload(`invite:${id}`)).toBeNull();
    expect(parseAuthChangePayload('user:')).toBeNull();
  });
});
