import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditCheckpoints, auditEvents } from '../db/schema/index';
import { auditHash, GENESIS_HASH } from './audit';

export interface ChainReport {
  chain: string;
  rows: number;
  /** The first row that does not follow from the one before it, and why; null when intact. */
  broken: { id: number; seq: number; reason: 'hash' | 'link' | 'gap' | 'start' } | null;
}

/**
 * Re-reads a chain in order and recomputes every hash (`npm run admin -- audit-verify`): an
 * edited row no longer matches its hash, a removed one leaves a gap in `seq` or a link to a hash
 * that is not the previous row's, and rows removed from the start leave a first row that follows
 * neither the genesis hash nor the retention purge's newest checkpoint ('start'). Rows removed
 * from the end leave no trace in the chain itself; the account's own activity would.
 */
export async function verifyAuditChain(db: Db, chain: string): Promise<ChainReport> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.chain, chain))
    .orderBy(asc(auditEvents.seq));
  // Where the chain starts: its first row, or the row after the newest checkpoint.
  const [checkpoint] = await db
    .select({ seq: auditCheckpoints.seq, hash: auditCheckpoints.hash })
    .from(auditCheckpoints)
    .where(eq(auditCheckpoints.chain, chain))
    .orderBy(desc(auditCheckpoints.seq))
    .limit(1);
  let previous: { seq: number; hash: string } = checkpoint ?? { seq: 0, hash: GENESIS_HASH };
  let first = true;
  for (const row of rows) {
    const { id: _id, hash, ...fields } = row;
    const broken = (reason: NonNullable<ChainReport['broken']>['reason']) => ({
      chain,
      rows: rows.length,
      broken: { id: row.id, seq: row.seq, reason },
    });
    if (row.seq !== previous.seq + 1) return broken(first ? 'start' : 'gap');
    if (row.prevHash !== previous.hash) return broken('link');
    if (auditHash(row.prevHash, fields) !== hash) return broken('hash');
    previous = row;
    first = false;
  }
  return { chain, rows: rows.length, broken: null };
}

/** Every chain there is, or one account's. */
export async function verifyAuditLog(db: Db, accountId?: string): Promise<ChainReport[]> {
  const chains = accountId
    ? [accountId]
    : (await db.selectDistinct({ chain: auditEvents.chain }).from(auditEvents)).map((r) => r.chain);
  const reports: ChainReport[] = [];
  for (const chain of chains.sort()) reports.push(await verifyAuditChain(db, chain));
  return reports;
}
