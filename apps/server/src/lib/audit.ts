import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { AuditAction } from '@partner-portal/shared/audit';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema/index';
import type { Actor } from './actor';
import type { RequestMeta } from './request-meta';

type AuditRow = typeof auditEvents.$inferInsert;

/** What a change says of itself, one of the known actions; the chain fields are filled in here. */
export type AuditEntry = Omit<AuditRow, 'id' | 'chain' | 'seq' | 'prevHash' | 'hash' | 'action'> & {
  action: AuditAction;
};

/** The chain of rows of no account (sign-ins that found no user, the operator's own). */
const NO_ACCOUNT_CHAIN = '-';
export const GENESIS_HASH = '0'.repeat(64);

/** The fields a row's hash covers, in a fixed order, so a verifier can recompute it. */
export function auditHash(prevHash: string, row: Omit<AuditRow, 'id' | 'hash'>): string {
  const fields = [
    row.chain,
    row.seq,
    prevHash,
    row.at.toISOString(),
    row.accountId ?? null,
    row.actorType,
    row.actorId ?? null,
    row.actorLabel ?? null,
    row.onBehalfOf ?? null,
    row.action,
    row.targetType ?? null,
    row.targetId ?? null,
    row.outcome,
    row.ip ?? null,
    row.userAgent ?? null,
    row.requestId ?? null,
    row.sessionId ?? null,
    row.keyId ?? null,
    row.changes ?? null,
  ];
  return createHash('sha256').update(canonicalJson(fields)).digest('hex');
}

/** JSON with object keys sorted: jsonb hands keys back in an order of its own. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Appends one row to its account's chain (docs/security.md#audit-log), inside the caller's
 * transaction when given one, so a change and the row that describes it commit together or not
 * at all. One writer per chain at a time: a transaction-scoped advisory lock on the chain orders
 * concurrent writers, and the unique (chain, seq) index refuses a fork whatever happens.
 */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  const chain = entry.accountId ?? NO_ACCOUNT_CHAIN;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${chain}, 7))`);
    const [last] = await tx
      .select({ seq: auditEvents.seq, hash: auditEvents.hash })
      .from(auditEvents)
      .where(eq(auditEvents.chain, chain))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    const row = {
      ...entry,
      chain,
      seq: (last?.seq ?? 0) + 1,
      prevHash: last?.hash ?? GENESIS_HASH,
    };
    await tx.insert(auditEvents).values({ ...row, hash: auditHash(row.prevHash, row) });
  });
}

/** The actor fields of a row for a request's actor: a key, an impersonated user, or the user. */
export function auditActor(
  actor: Actor,
  meta: RequestMeta,
): Pick<
  AuditEntry,
  | 'accountId'
  | 'actorType'
  | 'actorId'
  | 'onBehalfOf'
  | 'sessionId'
  | 'keyId'
  | 'ip'
  | 'userAgent'
  | 'requestId'
> {
  return {
    accountId: actor.accountId,
    actorType: actor.keyId !== null ? 'api_key' : actor.permission === 'master' ? 'master' : 'user',
    actorId: actor.keyId ?? actor.userId,
    // While impersonating, the user acted on is the actor and the operator is named here.
    onBehalfOf: actor.impersonatorId,
    sessionId: actor.sessionId,
    keyId: actor.keyId,
    ip: meta.ip,
    userAgent: meta.userAgent,
    requestId: meta.requestId ?? null,
  };
}
