import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { auditEvents } from '../src/db/schema/index';
import { unkeyedAuditHash } from '../src/lib/audit-hash';

type AuditRow = typeof auditEvents.$inferSelect;

/*
 * What someone holding the database (its owner's rights) but neither the server's files nor its
 * audit key can do to the audit log behind the app's back: turn the append-only trigger off for
 * one transaction, then edit, add or remove rows.
 */
async function asDatabaseOwner(db: Db, work: (tx: Db) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    await work(tx);
    await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
  });
}

/**
 * Rewrites the row at `seq` with `change`, then recomputes its hash and every later row's the way
 * hashes were made before the key (plain SHA-256), so every link holds again.
 */
export function forgeWithoutKey(
  db: Db,
  chain: string,
  seq: number,
  change: Partial<Pick<AuditRow, 'action' | 'outcome' | 'actorLabel' | 'changes'>>,
): Promise<void> {
  return asDatabaseOwner(db, async (tx) => {
    const rows = await tx
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.chain, chain), gte(auditEvents.seq, seq)))
      .orderBy(asc(auditEvents.seq));
    let prevHash = rows[0]?.prevHash ?? '';
    for (const row of rows) {
      const { id, hash: _hash, ...fields } = { ...row, ...(row.seq === seq ? change : {}) };
      const hash = unkeyedAuditHash(prevHash, { ...fields, prevHash });
      await tx
        .update(auditEvents)
        .set({ ...fields, prevHash, hash })
        .where(eq(auditEvents.id, id));
      prevHash = hash;
    }
  });
}

/** Removes the chain's `count` newest rows: the chain that is left still checks out by itself. */
export function removeNewestRows(db: Db, chain: string, count: number): Promise<void> {
  return asDatabaseOwner(db, async (tx) => {
    const newest = await tx
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.chain, chain))
      .orderBy(desc(auditEvents.seq))
      .limit(count);
    for (const row of newest) await tx.delete(auditEvents).where(eq(auditEvents.id, row.id));
  });
}

/** Appends a row hashed as rows were before the audit key (plain SHA-256), as an old server did. */
export async function appendUnkeyedRow(
  db: Db,
  row: Omit<typeof auditEvents.$inferInsert, 'id' | 'seq' | 'prevHash' | 'hash'>,
): Promise<void> {
  const [last] = await db
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(eq(auditEvents.chain, row.chain))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  const fields = { ...row, seq: (last?.seq ?? 0) + 1, prevHash: last?.hash ?? '0'.repeat(64) };
  await db
    .insert(auditEvents)
    .values({ ...fields, hash: unkeyedAuditHash(fields.prevHash, fields) });
}
