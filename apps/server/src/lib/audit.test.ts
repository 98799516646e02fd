import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditAction } from '@partner-portal/shared/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema/index';
import { createTestDatabase } from '../../test/test-database';
import { appendUnkeyedRow, forgeWithoutKey } from '../../test/audit-tamper';
import { recordAudit, type AuditEntry } from './audit';
import { GENESIS_HASH } from './audit-hash';
import { verifyAuditChain } from './audit-verify';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

const entry = (
  accountId: string,
  action: AuditAction,
  extra: Partial<AuditEntry> = {},
): AuditEntry => ({
  at: new Date(),
  accountId,
  actorType: 'user',
  actorId: randomUUID(),
  action,
  outcome: 'success',
  changes: { after: { scope: ['user.read'], name: 'x' }, before: null },
  ...extra,
});

/** The trigger's refusal, under drizzle's "Failed query" wrapper. */
async function expectRefused(query: PromiseLike<unknown>) {
  const error = await Promise.resolve(query).then(
    () => null,
    (caught: unknown) => caught as Error & { cause?: Error },
  );
  expect(error, 'the statement went through').not.toBeNull();
  expect(`${error?.message} ${error?.cause?.message ?? ''}`).toMatch(/append-only/);
}

describe('the audit log', () => {
  it('chains each account’s rows by hash, and a verifier finds the chain intact', async () => {
    const account = randomUUID();
    await recordAudit(database.db, entry(account, 'api_key.created'));
    await recordAudit(database.db, entry(account, 'api_key.revoked'));
    const rows = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.chain, account))
      .orderBy(auditEvents.seq);
    expect(rows.map((row) => row.seq)).toEqual([1, 2]);
    expect(rows[0]!.prevHash).toBe(GENESIS_HASH);
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(await verifyAuditChain(database.db, account)).toEqual({
      chain: account,
      rows: 2,
      broken: null,
    });
  });

  it('keeps one unbroken chain when many writers append at once', async () => {
    const account = randomUUID();
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        recordAudit(database.db, entry(account, AUDIT_ACTIONS[index % AUDIT_ACTIONS.length]!)),
      ),
    );
    const report = await verifyAuditChain(database.db, account);
    expect(report).toEqual({ chain: account, rows: 20, broken: null });
  });

  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    const account = randomUUID();
    await recordAudit(database.db, entry(account, 'auth.signin'));
    await expectRefused(
      database.db
        .update(auditEvents)
        .set({ outcome: 'failure' })
        .where(eq(auditEvents.chain, account)),
    );
    await expectRefused(database.db.delete(auditEvents).where(eq(auditEvents.chain, account)));
    // CASCADE, since audit_repeats refers to it: the trigger still refuses.
    await expectRefused(database.db.execute(sql`truncate audit_events cascade`));
    expect(await verifyAuditChain(database.db, account)).toMatchObject({ rows: 1, broken: null });
  });

  it('tells an edited row and a removed row from an intact chain', async () => {
    const edited = randomUUID();
    for (const action of ['auth.signin', 'api_key.updated', 'auth.signout'] as const) {
      await recordAudit(database.db, entry(edited, action));
    }
    const removed = randomUUID();
    for (const action of ['auth.signin', 'api_key.updated', 'auth.signout'] as const) {
      await recordAudit(database.db, entry(removed, action));
    }
    // What someone with the database's owner rights could do behind the app's back.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
      await tx
        .update(auditEvents)
        .set({ outcome: 'failure' })
        .where(sql`${auditEvents.chain} = ${edited} and ${auditEvents.seq} = 2`);
      await tx
        .delete(auditEvents)
        .where(sql`${auditEvents.chain} = ${removed} and ${auditEvents.seq} = 2`);
      await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    });
    expect((await verifyAuditChain(database.db, edited)).broken).toMatchObject({
      seq: 2,
      reason: 'hash',
    });
    expect((await verifyAuditChain(database.db, removed)).broken).toMatchObject({
      seq: 3,
      reason: 'gap',
    });
  });

  it('reports a forged row whose hashes were recomputed without the key', async () => {
    const account = randomUUID();
    for (const action of [
      'auth.signin',
      'api_key.created',
      'api_key.updated',
      'auth.signout',
    ] as const) {
      await recordAudit(database.db, entry(account, action));
    }
    await forgeWithoutKey(database.db, account, 2, { action: 'api_key.revoked' });
    // Every link holds again: only the key tells the forgery.
    expect(await verifyAuditChain(database.db, account)).toMatchObject({
      rows: 4,
      broken: { seq: 2, reason: 'unkeyed' },
    });
  });

  it('reports an intact chain as broken when checked with another key', async () => {
    const account = randomUUID();
    await recordAudit(database.db, entry(account, 'auth.signin'));
    await recordAudit(database.db, entry(account, 'auth.signout'));
    expect((await verifyAuditChain(database.db, account)).broken).toBeNull();
    const other = { key: 'another-audit-key-that-is-long-enough-0123' };
    expect((await verifyAuditChain(database.db, account, other)).broken).toMatchObject({
      seq: 1,
      reason: 'hash',
    });
  });

  it('takes rows written before the key only once a keyed row or an anchor vouches for them', async () => {
    const account = randomUUID();
    const old = (action: AuditAction) => ({ ...entry(account, action), chain: account });
    await appendUnkeyedRow(database.db, old('auth.signin'));
    await appendUnkeyedRow(database.db, old('api_key.created'));
    // Anyone could have written these two: nothing keyed covers them yet.
    expect((await verifyAuditChain(database.db, account)).broken).toMatchObject({
      seq: 1,
      reason: 'unkeyed',
    });
    const [head] = await database.db
      .select({ seq: auditEvents.seq, hash: auditEvents.hash })
      .from(auditEvents)
      .where(eq(auditEvents.chain, account))
      .orderBy(sql`${auditEvents.seq} desc`)
      .limit(1);
    const anchor = { chain: account, seq: head!.seq, hash: head!.hash };
    expect((await verifyAuditChain(database.db, account, { anchor })).broken).toBeNull();

    // The first keyed row's HMAC covers the old rows' last hash, so it vouches for them all.
    await recordAudit(database.db, entry(account, 'auth.signout'));
    expect((await verifyAuditChain(database.db, account)).broken).toBeNull();
    // After a keyed row, a plain one can only be a forgery.
    await appendUnkeyedRow(database.db, old('auth.signin'));
    expect((await verifyAuditChain(database.db, account, { anchor })).broken).toMatchObject({
      seq: 4,
      reason: 'unkeyed',
    });
  });
});
