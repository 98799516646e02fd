import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import {
  AUDIT_REPEAT_WINDOW_MS,
  type AuditAction,
  type AuditOutcome,
  type AuditTargetType,
} from '@partner-portal/shared/audit';
import type { Db } from '../db/client';
import { auditEvents, auditRepeats } from '../db/schema/index';
import type { Actor } from './actor';
import { auditHash, GENESIS_HASH, installedAuditKey } from './audit-hash';
import type { RequestMeta } from './request-meta';

type AuditRow = typeof auditEvents.$inferInsert;

/** What a change says of itself, one of the known actions; the chain fields are filled in here. */
export type AuditEntry = Omit<AuditRow, 'id' | 'chain' | 'seq' | 'prevHash' | 'hash' | 'action'> & {
  action: AuditAction;
};

/** The chain of rows of no account (sign-ins that found no user, the operator's own). */
const NO_ACCOUNT_CHAIN = '-';

/**
 * Appends one row to its account's chain (docs/security.md#audit-log), inside the caller's
 * transaction when given one, so a change and the row that describes it commit together or not
 * at all. Each row's hash is an HMAC with the audit key (lib/audit-hash.ts). One writer per
 * chain at a time: a transaction-scoped advisory lock on the chain orders concurrent writers,
 * and the unique (chain, seq) index refuses a fork whatever happens.
 */
export async function recordAudit(
  db: Db,
  entry: AuditEntry,
  options: { repeatable?: boolean } = {},
): Promise<void> {
  const key = installedAuditKey();
  const chain = entry.accountId ?? NO_ACCOUNT_CHAIN;
  await db.transaction(async (tx) => {
    await lockChain(tx, chain);
    if (options.repeatable && (await countRepeat(tx, chain, entry))) return;
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
    await tx.insert(auditEvents).values({ ...row, hash: auditHash(key, row.prevHash, row) });
  });
}

/** Orders the writers of one chain (and the retention purge) within a transaction. */
export async function lockChain(tx: Db, chain: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${chain}, 7))`);
}

/**
 * The same read by the same actor, with the same details, within the window of an earlier row
 * (docs/product.md#audit-log): adds one to that row's tally and answers true. Runs under the
 * chain's lock, so two identical reads at once make one row and a count of two.
 */
async function countRepeat(tx: Db, chain: string, entry: AuditEntry): Promise<boolean> {
  const same = (column: AnyPgColumn, value: string | null | undefined) =>
    value == null ? isNull(column) : eq(column, value);
  const [earlier] = await tx
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.chain, chain),
        gt(auditEvents.at, new Date(entry.at.getTime() - AUDIT_REPEAT_WINDOW_MS)),
        eq(auditEvents.action, entry.action),
        eq(auditEvents.actorType, entry.actorType),
        same(auditEvents.actorId, entry.actorId),
        same(auditEvents.onBehalfOf, entry.onBehalfOf),
        same(auditEvents.sessionId, entry.sessionId),
        same(auditEvents.keyId, entry.keyId),
        same(auditEvents.targetType, entry.targetType),
        same(auditEvents.targetId, entry.targetId),
        eq(auditEvents.outcome, entry.outcome),
        entry.changes == null
          ? isNull(auditEvents.changes)
          : sql`${auditEvents.changes} = ${JSON.stringify(entry.changes)}::jsonb`,
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  if (!earlier) return false;
  await tx
    .insert(auditRepeats)
    .values({ eventId: earlier.id, count: 1, lastAt: entry.at })
    .onConflictDoUpdate({
      target: auditRepeats.eventId,
      set: { count: sql`${auditRepeats.count} + 1`, lastAt: entry.at },
    });
  return true;
}

/** A request's actor and where the request came from: who a service's audit rows name. */
export interface Caller {
  actor: Actor;
  meta: RequestMeta;
}

/**
 * Who a row names: a request's actor, seen from where the request came; a user proved by a link,
 * a password or a code rather than a session (in the log of `accountId`); or the service itself.
 */
export type AuditBy =
  | Caller
  | {
      /** `id` null: someone unknown, named by the e-mail they typed. */
      user: { id: string | null; email: string; isMaster?: boolean };
      accountId: string | null;
      meta: RequestMeta;
    }
  | 'system';

function whoActed(by: AuditBy): ReturnType<typeof auditActor> {
  if (by === 'system') {
    return {
      accountId: null,
      actorType: 'system',
      actorId: null,
      actorLabel: null,
      onBehalfOf: null,
      sessionId: null,
      keyId: null,
      ip: null,
      userAgent: null,
      requestId: null,
    };
  }
  if ('actor' in by) return auditActor(by.actor, by.meta);
  return {
    accountId: by.accountId,
    actorType: by.user.isMaster ? 'master' : 'user',
    actorId: by.user.id,
    actorLabel: by.user.email,
    onBehalfOf: null,
    sessionId: null,
    keyId: null,
    ip: by.meta.ip,
    userAgent: by.meta.userAgent,
    requestId: by.meta.requestId ?? null,
  };
}

/** What a service says of a change (or a read that moves data out) it made or refused. */
export interface AuditChange {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  /** Default `success`. */
  outcome?: AuditOutcome;
  /** Before and after, a reason, what was read: never a secret. */
  changes?: Record<string, unknown> | null;
  /** The account whose log it goes to, when not the actor's own (the service acting on one). */
  accountId?: string | null;
  /**
   * A read that moves data out: an identical one by the same actor within the window of an
   * earlier row adds to its count instead (docs/product.md#audit-log).
   */
  repeatable?: boolean;
}

/** One row for `change` made `by` a request's actor or by the service, at `at`, in `db`. */
export function recordChange(db: Db, by: AuditBy, at: Date, change: AuditChange): Promise<void> {
  const { accountId, outcome, changes, repeatable, ...what } = change;
  const who = { ...whoActed(by), ...(accountId !== undefined ? { accountId } : {}) };
  return recordAudit(
    db,
    { ...who, ...what, at, outcome: outcome ?? 'success', changes: changes ?? null },
    { repeatable },
  );
}

/** A route as the log names it: `GET /api/account/users`. */
export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url}`;
}

/** The actor fields of a row for a request's actor: a key, an impersonated user, or the user. */
function auditActor(
  actor: Actor,
  meta: RequestMeta,
): Pick<
  AuditEntry,
  | 'accountId'
  | 'actorType'
  | 'actorId'
  | 'actorLabel'
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
    actorLabel: actor.label,
    // While impersonating, the user acted on is the actor and the operator is named here.
    onBehalfOf: actor.impersonatorId,
    sessionId: actor.sessionId,
    keyId: actor.keyId,
    ip: meta.ip,
    userAgent: meta.userAgent,
    requestId: meta.requestId ?? null,
  };
}
