import { createHash, createHmac } from 'node:crypto';
import type { auditEvents } from '../db/schema/index';

/** A row's fields as its hash covers them: everything but its id and the hash itself. */
export type ChainedRow = Omit<typeof auditEvents.$inferInsert, 'id' | 'hash'>;

/** What the first row of a chain links to. */
export const GENESIS_HASH = '0'.repeat(64);

/*
 * The audit log's key (docs/security.md#audit-log), one per process: the server and the admin
 * command install it from their configuration before anything writes a row. It lives outside the
 * database, so whoever can write the database alone cannot make a row the verifier accepts.
 */
let installedKey: string | null = null;

export function installAuditKey(key: string): void {
  installedKey = key;
}

export function installedAuditKey(): string {
  if (installedKey === null) {
    throw new Error('No audit key installed (installAuditKey): rows would not be keyed');
  }
  return installedKey;
}

/** The fields a row's hash covers, in a fixed order, so a verifier can recompute it. */
function chainedContent(prevHash: string, row: ChainedRow): string {
  return canonicalJson([
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
  ]);
}

/** A row's hash: HMAC-SHA256 with the audit key over its fields and the previous row's hash. */
export function auditHash(key: string, prevHash: string, row: ChainedRow): string {
  return createHmac('sha256', key).update(chainedContent(prevHash, row)).digest('hex');
}

/**
 * How rows were hashed before the key existed: plain SHA-256 over the same content, which anyone
 * can recompute. Only the verifier uses it, to recognise such rows (lib/audit-verify.ts).
 */
export function unkeyedAuditHash(prevHash: string, row: ChainedRow): string {
  return createHash('sha256').update(chainedContent(prevHash, row)).digest('hex');
}

/** JSON with object keys sorted: jsonb hands keys back in an order of its own. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
