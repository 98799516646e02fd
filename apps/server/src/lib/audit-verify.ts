import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditCheckpoints, auditEvents } from '../db/schema/index';
import type { ChainHead } from './audit-anchor';
import { auditHash, GENESIS_HASH, installedAuditKey, unkeyedAuditHash } from './audit-hash';

/**
 * Why a chain does not check out:
 * - hash: a row's hash is neither the key's HMAC nor the old plain one (edited, or another key);
 * - link, gap, start: a row that does not follow the one before it (removed or inserted rows);
 * - unkeyed: a plain SHA-256 hash where the key's belongs (a row forged with the hashes
 *   recomputed, or one written before the key that no keyed row or anchor vouches for);
 * - anchor: the row an anchor recorded has another hash now;
 * - truncated: the chain ends before the row an anchor recorded (its newest rows were removed).
 */
type BreakReason = 'hash' | 'link' | 'gap' | 'start' | 'unkeyed' | 'anchor' | 'truncated';

export interface ChainReport {
  chain: string;
  rows: number;
  /** The first row that does not check out, and why; null when intact. `id` null: a missing row. */
  broken: { id: number | null; seq: number; reason: BreakReason } | null;
}

export interface VerifyOptions {
  /** The audit key; by default the one this process installed. */
  key?: string;
  /** The chain's newest head in the anchor file (lib/audit-anchor.ts), if any. */
  anchor?: ChainHead | null;
}

type Row = typeof auditEvents.$inferSelect;

/**
 * Re-reads a chain in order and recomputes every hash with the key (`npm run admin --
 * audit-verify`). An edited row no longer matches its hash; a removed one leaves a gap in `seq` or
 * a link to a hash that is not the previous row's; rows removed from the start leave a first row
 * that follows neither the genesis hash nor the retention purge's newest checkpoint ('start');
 * rows removed from the end are found against the anchor ('truncated'). Rows written before the
 * key (plain SHA-256) pass only while a keyed row after them or an anchor vouches for them: a
 * keyed row's HMAC covers the previous row's hash, which covers every row before it.
 */
export async function verifyAuditChain(
  db: Db,
  chain: string,
  options: VerifyOptions = {},
): Promise<ChainReport> {
  const key = options.key ?? installedAuditKey();
  const anchor = options.anchor ?? null;
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
  const broken = (row: Pick<Row, 'seq'> & { id: number | null }, reason: BreakReason) => ({
    chain,
    rows: rows.length,
    broken: { id: row.id, seq: row.seq, reason },
  });

  let previous: { seq: number; hash: string } = checkpoint ?? { seq: 0, hash: GENESIS_HASH };
  let first = true;
  let keyedSeen = false;
  // The first of the plain-hashed rows at the end of the chain, which no keyed row follows.
  let unvouched: Row | null = null;
  for (const row of rows) {
    const { id: _id, hash, ...fields } = row;
    if (row.seq !== previous.seq + 1) return broken(row, first ? 'start' : 'gap');
    if (row.prevHash !== previous.hash) return broken(row, 'link');
    if (auditHash(key, row.prevHash, fields) === hash) {
      keyedSeen = true;
      unvouched = null;
    } else if (unkeyedAuditHash(row.prevHash, fields) !== hash) {
      return broken(row, 'hash');
    } else if (keyedSeen) {
      // Once a chain is keyed, every later row is: a plain hash after a keyed one is a forgery.
      return broken(row, 'unkeyed');
    } else {
      unvouched ??= row;
    }
    previous = row;
    first = false;
  }

  const last = rows.at(-1);
  if (anchor) {
    // The purge always keeps a chain's newest row, so an anchored chain is never empty.
    if (!last || last.seq < anchor.seq) return broken({ id: null, seq: anchor.seq }, 'truncated');
    const seen = rows.find((row) => row.seq === anchor.seq);
    // Not seen: purged since, under a checkpoint the chain already starts from.
    if (seen && seen.hash !== anchor.hash) return broken(seen, 'anchor');
  }
  if (unvouched) {
    const from = anchor ? Math.max(unvouched.seq, anchor.seq + 1) : unvouched.seq;
    const offending = rows.find((row) => row.seq === from);
    if (offending) return broken(offending, 'unkeyed');
  }
  return { chain, rows: rows.length, broken: null };
}

/** Every chain there is or that an anchor saw, or one account's. */
export async function verifyAuditLog(
  db: Db,
  accountId: string | undefined,
  options: { key?: string; anchors?: Map<string, ChainHead> } = {},
): Promise<ChainReport[]> {
  const anchors = options.anchors ?? new Map<string, ChainHead>();
  const chains = accountId
    ? [accountId]
    : [
        ...new Set([
          ...(await db.selectDistinct({ chain: auditEvents.chain }).from(auditEvents)).map(
            (r) => r.chain,
          ),
          ...anchors.keys(),
        ]),
      ];
  const reports: ChainReport[] = [];
  for (const chain of chains.sort()) {
    reports.push(
      await verifyAuditChain(db, chain, { key: options.key, anchor: anchors.get(chain) ?? null }),
    );
  }
  return reports;
}
