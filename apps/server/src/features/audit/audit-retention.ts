import { and, count, desc, eq, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditCheckpoints, auditEvents } from '../../db/schema/index';
import { lockChain } from '../../lib/audit';

/** Chains looked at per run; the next run takes the rest. */
const CHAINS_PER_RUN = 200;

/**
 * The retention purge (docs/security.md#audit-log): each chain's rows older than
 * `retentionDays` go, and a checkpoint keeps the seq and hash of the last one removed, so the
 * verifier checks the first row kept against it. A chain's newest row always stays, so the next
 * row still links to something in the table. Under the chain's lock, one chain per transaction;
 * the trigger lets the delete through only for rows a checkpoint covers. Answers the rows removed.
 */
export async function purgeAuditLog(
  db: Db,
  options: { now: Date; retentionDays: number },
): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.retentionDays * 86_400_000);
  const chains = await db
    .selectDistinct({ chain: auditEvents.chain })
    .from(auditEvents)
    .where(lt(auditEvents.at, cutoff))
    .limit(CHAINS_PER_RUN);
  let removed = 0;
  for (const { chain } of chains) {
    removed += await db.transaction(async (tx) => {
      await lockChain(tx, chain);
      const [newest] = await tx
        .select({ seq: auditEvents.seq })
        .from(auditEvents)
        .where(eq(auditEvents.chain, chain))
        .orderBy(desc(auditEvents.seq))
        .limit(1);
      const [last] = await tx
        .select({ seq: auditEvents.seq, hash: auditEvents.hash })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.chain, chain),
            lt(auditEvents.at, cutoff),
            lt(auditEvents.seq, newest?.seq ?? 0),
          ),
        )
        .orderBy(desc(auditEvents.seq))
        .limit(1);
      if (!last) return 0;
      const covered = and(eq(auditEvents.chain, chain), lte(auditEvents.seq, last.seq));
      const [rows] = await tx.select({ n: count() }).from(auditEvents).where(covered);
      await tx.insert(auditCheckpoints).values({
        chain,
        seq: last.seq,
        hash: last.hash,
        rows: rows?.n ?? 0,
        cutoff,
        at: options.now,
      });
      await tx.execute(sql`set local audit.purge = 'on'`);
      await tx.delete(auditEvents).where(covered);
      return rows?.n ?? 0;
    });
  }
  return removed;
}
