import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oneTimeTokens } from '../db/schema/index';
import { createTestDatabase } from '../../test/test-database';
import { createUser } from '../../test/factories';
import { hashToken, issueOneTimeToken, redeemOneTimeToken } from './one-time-token';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('one-time tokens', () => {
  it('stores only a SHA-256 hash of a 256-bit token', async () => {
    const { user } = await createUser(database.db);
    const issued = await issueOneTimeToken(database.db, { kind: 'verify', userId: user.id });
    expect(Buffer.from(issued.token, 'base64url')).toHaveLength(32);
    const [row] = await database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.id, issued.id));
    expect(row?.tokenHash).toBe(hashToken(issued.token));
    expect(JSON.stringify(row)).not.toContain(issued.token);
  });

  it('redeems once; a reuse fails', async () => {
    const { user } = await createUser(database.db);
    const issued = await issueOneTimeToken(database.db, { kind: 'magic', userId: user.id });
    expect(await redeemOneTimeToken(database.db, 'magic', issued.token)).toMatchObject({
      userId: user.id,
    });
    expect(await redeemOneTimeToken(database.db, 'magic', issued.token)).toBeNull();
  });

  it('gives exactly one success to 20 parallel redemptions', async () => {
    const { user } = await createUser(database.db);
    const issued = await issueOneTimeToken(database.db, { kind: 'reset', userId: user.id });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => redeemOneTimeToken(database.db, 'reset', issued.token)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('expires after its lifetime (fake clock)', async () => {
    const { user } = await createUser(database.db);
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    const issued = await issueOneTimeToken(database.db, {
      kind: 'magic',
      userId: user.id,
      now: issuedAt,
    });
    const after15Minutes = new Date(issuedAt.getTime() + 15 * 60 * 1000 + 1);
    expect(await redeemOneTimeToken(database.db, 'magic', issued.token, after15Minutes)).toBeNull();
    const within = new Date(issuedAt.getTime() + 14 * 60 * 1000);
    expect(await redeemOneTimeToken(database.db, 'magic', issued.token, within)).not.toBeNull();
  });

  it('revokes the older token of a kind when a new one is issued, and never crosses kinds', async () => {
    const { user } = await createUser(database.db);
    const first = await issueOneTimeToken(database.db, { kind: 'verify', userId: user.id });
    const second = await issueOneTimeToken(database.db, { kind: 'verify', userId: user.id });
    expect(await redeemOneTimeToken(database.db, 'verify', first.token)).toBeNull();
    expect(await redeemOneTimeToken(database.db, 'magic', second.token)).toBeNull();
    expect(await redeemOneTimeToken(database.db, 'verify', second.token)).not.toBeNull();
  });

  it('refuses garbage without touching the database', async () => {
    expect(await redeemOneTimeToken(database.db, 'verify', 'short')).toBeNull();
    expect(await redeemOneTimeToken(database.db, 'verify', 'x'.repeat(500))).toBeNull();
  });
});
