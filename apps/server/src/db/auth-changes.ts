/**
 * What a write made stale in the session cache (lib/live-sessions.ts): one session, a user with
 * every session of theirs, an account with every session that shows it, or everything.
 */
export type AuthChange =
  { kind: 'session' | 'user' | 'account'; id: string } | { kind: 'all'; reason: string };

/** The NOTIFY channel of the triggers in drizzle/0007_auth_change_notify.sql. */
export const AUTH_CHANGE_CHANNEL = 'auth_change';

const WATCHED = new Set(['sessions', 'users', 'accounts', 'account_users', 'api_keys']);
const KIND_OF_KEY: Record<string, 'session' | 'user' | 'account'> = {
  'sessions.id': 'session',
  'sessions.user_id': 'user',
  'sessions.account_id': 'account',
  'users.id': 'user',
  'accounts.id': 'account',
  'account_users.user_id': 'user',
  'account_users.account_id': 'account',
  // A key is cached under its account (lib/live-keys.ts).
  'api_keys.account_id': 'account',
};

/** Columns a request's visit writes, which change nothing cached. */
const TOUCH_COLUMNS: Record<string, readonly string[]> = {
  sessions: ['last_seen_at'],
  api_keys: ['last_used_at', 'last_used_ip', 'expiry_warned_at'],
};

/** A trigger's payload (`user:<uuid>`), or null for anything else on the channel. */
export function parseAuthChangePayload(payload: string): AuthChange | null {
  const match = /^(session|user|account):([0-9a-f-]{36})$/i.exec(payload);
  if (!match) return null;
  return { kind: match[1] as 'session' | 'user' | 'account', id: match[2]!.toLowerCase() };
}

/**
 * What a statement this process is about to run will make stale, read from the SQL drizzle
 * generates; null when it touches nothing cached. It lets an instance forget its own writes at
 * once (the NOTIFY of the same write arrives a moment after the commit), so a user who signs out
 * and calls again is refused even before that. A statement it cannot read precisely — raw SQL, an
 * `in (…)` list, an `or` — forgets everything: a slower next request, never a stale one.
 */
export function authChangeOfStatement(text: string, params: readonly unknown[]): AuthChange | null {
  const statement = /^\s*(update|delete\s+from|insert\s+into)\s+"?([a-z_]+)"?/i.exec(text);
  if (!statement) return null;
  const verb = statement[1]!.toLowerCase().split(/\s+/)[0]!;
  const table = statement[2]!.toLowerCase();
  if (!WATCHED.has(table)) return null;

  if (verb === 'insert') {
    // A new session or user has nothing cached yet; an upsert may change an existing row.
    if (/\bon\s+conflict\b/i.test(text) && /\bdo\s+update\b/i.test(text)) {
      return { kind: 'all', reason: `upsert into ${table}` };
    }
    if (table !== 'account_users') return null;
    return insertedMembership(text, params);
  }
  if (verb === 'update' && onlySetsTouchColumns(table, text)) return null;

  const where = /\bwhere\b([\s\S]*)$/i.exec(text)?.[1];
  if (!where || /\bor\b/i.test(where)) return { kind: 'all', reason: `${verb} on ${table}` };
  // Without `or`, every `column = $n` narrows the rows: the first that names a cached kind will do.
  for (const key of where.matchAll(
    new RegExp(`"${table}"\\."([a-z_]+)"\\s*=\\s*\\$(\\d+)`, 'gi'),
  )) {
    const kind = KIND_OF_KEY[`${table}.${key[1]!.toLowerCase()}`];
    const id = params[Number(key[2]) - 1];
    if (kind && typeof id === 'string') return { kind, id };
  }
  return { kind: 'all', reason: `${verb} on ${table}` };
}

function onlySetsTouchColumns(table: string, text: string): boolean {
  const touched = TOUCH_COLUMNS[table];
  if (!touched) return false;
  const set = /\bset\b([\s\S]*?)\bwhere\b/i.exec(text)?.[1] ?? '';
  return set.split(',').every((part) => {
    const column = /^\s*"([a-z_]+)"\s*=\s*\$\d+\s*$/i.exec(part)?.[1];
    return column !== undefined && touched.includes(column.toLowerCase());
  });
}

/** A single-row insert into account_users changes that user's list of accounts. */
function insertedMembership(text: string, params: readonly unknown[]): AuthChange {
  const columns = /\(([^)]*)\)\s*values\s*\(([^)]*)\)\s*(returning|on|$)/i.exec(text);
  if (columns) {
    const names = columns[1]!.split(',').map((name) => name.trim().replace(/"/g, ''));
    const values = columns[2]!.split(',').map((value) => value.trim());
    const placeholder = /^\$(\d+)$/.exec(values[names.indexOf('user_id')] ?? '');
    const id = placeholder ? params[Number(placeholder[1]) - 1] : undefined;
    if (names.length === values.length && typeof id === 'string') return { kind: 'user', id };
  }
  return { kind: 'all', reason: 'insert into account_users' };
}

type Listener = (change: AuthChange) => void;

/**
 * The stream of auth changes an instance hears: its own statements (from the query logger, before
 * they run) and every commit's NOTIFY, its own and other instances'. `live` is false while the
 * NOTIFY connection is down; a cache must not answer from memory then.
 */
export class AuthChangeFeed {
  private readonly listeners = new Set<Listener>();
  live = false;
  /** The PostgreSQL backend that LISTENs for this instance (pg_stat_activity), once connected. */
  listenerPid: number | null = null;

  /** Statements this process sent to the database: how the tests count round trips. */
  statements = 0;

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(change: AuthChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** The query logger drizzle calls before every statement. */
  readonly logger = {
    logQuery: (query: string, params: unknown[]): void => {
      this.statements += 1;
      const change = authChangeOfStatement(query, params);
      if (change) this.emit(change);
    },
  };

  setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    // Whatever happened while nobody listened is unknown: start from an empty cache.
    this.emit({ kind: 'all', reason: live ? 'listening again' : 'listener lost' });
  }
}
