import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { AuditAction } from '@partner-portal/shared/audit';
import type { Database } from '../../db/client';
import { auditCheckpoints, auditEvents } from '../../db/schema/index';
import { createTestDatabase } from '../../../test/test-database';
import { recordAudit, type AuditEntry } from '../../lib/audit';
import { verifyAuditChain } from '../../lib/audit-verify';
import { purgeAuditLog } from './audit-retention';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase({ alone: true });
});
afterAll(async () => {
  await database.close();
});
const db = () => database.db;

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

const entry = (accountId: string, at: Date, action: AuditAction = 'auth.signin'): AuditEntry => ({
  at,
  accountId,
  actorType: 'user',
  actorId: randomUUID(),
  action,
  outcome: 'success',
});

/** A chain with rows at each of `ages` (days ago), oldest first. */
async function chainAged(...ages: number[]): Promise<string> {
  const account = randomUUID();
  for (const age of ages) await recordAudit(db(), entry(account, daysAgo(age)));
  return account;
}

const seqs = async (chain: string) =>
  (
    await db()
      .select({ seq: auditEvents.seq })
      .from(auditEvents)
      .where(eq(auditEvents.chain, chain))
      .orderBy(asc(auditEvents.seq))
  ).map((row) => row.seq);

async function refusal(query: PromiseLike<unknown>): Promise<string> {
  return Promise.resolve(query).then(
    () => 'went through',
    (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
  );
}

describe('the audit retention purge', () => {
  it('removes rows past the retention, leaves a checkpoint, and the chain still verifies', async () => {
    const chain = await chainAged(400, 390, 380, 10, 0);
    const removed = await purgeAuditLog(db(), { now: new Date(), retentionDays: 365 });
    expect(removed).toBeGreaterThanOrEqual(3);
    expect(await seqs(chain)).toEqual([4, 5]);
    const [checkpoint] = await db()
      .select()
      .from(auditCheckpoints)
      .where(eq(auditCheckpoints.chain, chain));
    expect(checkpoint).toMatchObject({ seq: 3, rows: 3 });
    expect(await verifyAuditChain(db(), chain)).toEqual({ chain, rows: 2, broken: null });
  });

  it("keeps a chain's newest row, so the next one still links to it", async () => {
    const chain = await chainAged(500, 450, 400);
    await purgeAuditLog(db(), { now: new Date(), retentionDays: 365 });
    expect(await seqs(chain)).toEqual([3]);
    await recordAudit(db(), entry(chain, new Date(), 'auth.signout'));
    expect(await seqs(chain)).toEqual([3, 4]);
    expect((await verifyAuditChain(db(), chain)).broken).toBeNull();
  });

  it('leaves rows inside the retention alone', async () => {
    const chain = await chainAged(40, 20, 0);
    await purgeAuditLog(db(), { now: new Date(), retentionDays: 365 });
    expect(await seqs(chain)).toEqual([1, 2, 3]);
  });

  it('lets no one else delete: not without a checkpoint, not a recent row even with one', async () => {
    const old = await chainAged(400, 0);
    const unflagged = await refusal(
      db()
        .delete(auditEvents)
        .where(sql`${auditEvents.chain} = ${old} and ${auditEvents.seq} = 1`),
    );
    expect(unflagged).toMatch(/append-only/);
    // The purge's own flag, without the checkpoint that must cover the row.
    const uncovered = await refusal(
      db().transaction(async (tx) => {
        await tx.execute(sql`set local audit.purge = 'on'`);
        await tx.delete(auditEvents).where(eq(auditEvents.chain, old));
      }),
    );
    expect(uncovered).toMatch(/append-only/);
    // A checkpoint written by hand does not open rows younger than 30 days.
    const recent = await chainAged(10, 5);
    const young = await refusal(
      db().transaction(async (tx) => {
        await tx.insert(auditCheckpoints).values({
          chain: recent,
          seq: 2,
          hash: 'x',
          rows: 2,
          cutoff: new Date(),
          at: new Date(),
        });
        await tx.execute(sql`set local audit.purge = 'on'`);
        await tx.delete(auditEvents).where(eq(auditEvents.chain, recent));
      }),
    );
    expect(young).toMatch(/append-only/);
    expect(await seqs(recent)).toEqual([1, 2]);
  });

  it('keeps checkpoints as they were written', async () => {
    const chain = await chainAged(400, 399, 0);
    await purgeAuditLog(db(), { now: new Date(), retentionDays: 365 });
    const where = eq(auditCheckpoints.chain, chain);
    expect(await refusal(db().update(auditCheckpoints).set({ seq: 9 }).where(where))).toMatch(
      /append-only/,
    );
    expect(await refusal(db().delete(auditCheckpoints).where(where))).toMatch(/append-only/);
  });

  it('finds rows removed from the start of a chain behind the purge’s back', async () => {
    const chain = await chainAged(3, 2, 1);
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
      await tx
        .delete(auditEvents)
        .where(sql`${auditEvents.chain} = ${chain} and ${auditEvents.seq} = 1`);
      await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    });
    expect((await verifyAuditChain(db(), chain)).broken).toMatchObject({ seq: 2, reason: 'start' });
  });
});
