import { and, count, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEvent, AuditListResponse, AuditQuery } from '@partner-portal/shared/audit';
import type { Db } from '../../db/client';
import { auditEvents, auditRepeats } from '../../db/schema/index';
import type { Actor } from '../../lib/auth-guard';
import { isRowId } from '../../lib/row-id';
import { dayAfter, dayStart } from '../../lib/utc-days';

type AuditRow = typeof auditEvents.$inferSelect;
type Repeats = typeof auditRepeats.$inferSelect | null;

/**
 * The rows `actor` may read, filtered: their account's, or every account's for the operator
 * (docs/product.md#audit-log). Dates are whole UTC days; `actor` matches an id exactly or a
 * label (e-mail, key stub) without regard to case.
 */
function filters(actor: Actor, query: Omit<AuditQuery, 'page' | 'page_size'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (actor.permission !== 'master') conditions.push(eq(auditEvents.accountId, actor.accountId));
  if (query.account) conditions.push(eq(auditEvents.accountId, query.account));
  if (query.from) conditions.push(gte(auditEvents.at, dayStart(query.from)));
  if (query.to) conditions.push(lt(auditEvents.at, dayAfter(query.to)));
  if (query.action) conditions.push(eq(auditEvents.action, query.action));
  if (query.outcome) conditions.push(eq(auditEvents.outcome, query.outcome));
  if (query.actor) {
    const who = query.actor.trim();
    conditions.push(
      isRowId(who)
        ? (or(eq(auditEvents.actorId, who), eq(auditEvents.keyId, who)) as SQL)
        : eq(sql`lower(${auditEvents.actorLabel})`, who.toLowerCase()),
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function toAuditEvent({ row, repeats }: { row: AuditRow; repeats: Repeats }): AuditEvent {
  return {
    id: row.id,
    at: row.at.toISOString(),
    account_id: row.accountId,
    actor: { type: row.actorType, id: row.actorId, label: row.actorLabel },
    on_behalf_of: row.onBehalfOf,
    action: row.action,
    target: { type: row.targetType, id: row.targetId },
    outcome: row.outcome,
    ip: row.ip,
    user_agent: row.userAgent,
    request_id: row.requestId,
    changes: row.changes,
    count: 1 + (repeats?.count ?? 0),
    last_at: repeats?.lastAt.toISOString() ?? null,
  };
}

/** Rows with the tally of their repeats (docs/product.md#audit-log). */
const withRepeats = (db: Db) =>
  db
    .select({ row: auditEvents, repeats: auditRepeats })
    .from(auditEvents)
    .leftJoin(auditRepeats, eq(auditRepeats.eventId, auditEvents.id));

/** GET /api/audit: newest first, a page at a time. */
export async function listAudit(
  db: Db,
  actor: Actor,
  query: AuditQuery,
): Promise<AuditListResponse> {
  const where = filters(actor, query);
  const [rows, [total]] = await Promise.all([
    withRepeats(db)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return {
    rows: rows.map(toAuditEvent),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The most an export holds; a narrower filter gets the rest. */
const AUDIT_EXPORT_MAX_ROWS = 100_000;

/** GET /api/audit.csv: every matching row, newest first, up to the export's bound. */
export async function exportAudit(
  db: Db,
  actor: Actor,
  query: Omit<AuditQuery, 'page' | 'page_size'>,
): Promise<AuditEvent[]> {
  const rows = await withRepeats(db)
    .where(filters(actor, query))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(AUDIT_EXPORT_MAX_ROWS);
  return rows.map(toAuditEvent);
}
