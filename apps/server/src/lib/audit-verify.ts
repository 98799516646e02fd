import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema/index';
import { auditHash } from './audit';

export interface ChainReport {
  chain: string;
  rows: number;
  /** The first row that does not follow from the one before it, and why; null when intact. */
  broken: { id: number; seq: number; reason: 'hash' | 'link' | 'gap' } | null;
}

/**
 * Re-reads a chain in order and recomputes every hash (`npm run admin -- audit-verify`): an
 * edited row no longer matches its hash, a removed one leaves a gap in `seq` or a link to a hash
 * that is not the previous row's. The chain may start after seq 1 where the retention purge left
 * its checkpoint.
 */
export async function verifyAuditChain(db: Db, chain: string): Promise<ChainReport> {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.chain, chain))
    .orderBy(asc(auditEvents.seq));
  let previous: (typeof rows)[number] | undefined;
  for (const row of rows) {
    const { id: _id, hash, ...fields } = row;
    if (previous && row.seq !== previous.seq + 1) {
      return { chain, rows: rows.length, broken: { id: row.id, seq: row.seq, reason: 'gap' } };
    }
    if (previous && row.prevHash !== previous.hash) {
      return { chain, rows: rows.length, broken: { id: row.id, seq: row.seq, reason: 'link' } };
    }
    if (auditHash(row.prevHash, fields) !== hash) {
      return { chain, rows: rows.length, broken: { id: row.id, seq: row.seq, reason: 'hash' } };
    }
    previous = row;
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
