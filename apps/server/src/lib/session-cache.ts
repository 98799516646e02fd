import type { AuthChange } from '../db/auth-changes';

/** What the cache keeps of a session: its owner and every account it shows (for forgetting). */
export interface CachedSession<T> {
  value: T;
  userId: string;
  accountIds: readonly string[];
  loadedAt: number;
}

/**
 * A bounded map of session id → what one round trip loaded, forgotten by session, by user or by
 * account as auth changes arrive. A load that raced a change is not stored: `ticket()` before the
 * query, `set(…, ticket)` after, and a change to any of its keys in between drops it, so a write
 * that commits while a request is reading can never leave the older row behind.
 */
export class SessionCache<T> {
  private readonly entries = new Map<string, CachedSession<T>>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly byAccount = new Map<string, Set<string>>();
  // When each key was last forgotten (a change counter, not a clock).
  private readonly forgotten = new Map<string, number>();
  private changeCount = 0;
  private forgotAllAt = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  get(sessionId: string, oldestLoadedAt: number): CachedSession<T> | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry || entry.loadedAt < oldestLoadedAt) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return entry;
  }

  /** Taken before loading; `set` refuses the load if a change touched it since. */
  ticket(): number {
    return this.changeCount;
  }

  set(sessionId: string, entry: CachedSession<T>, ticket: number): void {
    if (this.forgotAllAt > ticket) return;
    const keys = [
      `s:${sessionId}`,
      `u:${entry.userId}`,
      ...entry.accountIds.map((id) => `a:${id}`),
    ];
    if (keys.some((key) => (this.forgotten.get(key) ?? 0) > ticket)) return;
    this.delete(sessionId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    this.entries.set(sessionId, entry);
    addTo(this.byUser, entry.userId, sessionId);
    for (const accountId of entry.accountIds) addTo(this.byAccount, accountId, sessionId);
  }

  forget(change: AuthChange): void {
    this.changeCount += 1;
    if (change.kind === 'all') {
      this.forgotAllAt = this.changeCount;
      this.forgotten.clear();
      this.clear();
      return;
    }
    const prefix = change.kind === 'session' ? 's' : change.kind === 'user' ? 'u' : 'a';
    this.forgotten.set(`${prefix}:${change.id}`, this.changeCount);
    // Only loads in flight read this; past a bound, forgetting everything is the safe summary.
    if (this.forgotten.size > this.maxEntries) {
      this.forgotAllAt = this.changeCount;
      this.forgotten.clear();
    }
    if (change.kind === 'session') this.delete(change.id);
    const index = change.kind === 'user' ? this.byUser : this.byAccount;
    for (const sessionId of index.get(change.id) ?? []) this.delete(sessionId);
  }

  private delete(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    removeFrom(this.byUser, entry.userId, sessionId);
    for (const accountId of entry.accountIds) removeFrom(this.byAccount, accountId, sessionId);
  }

  private clear(): void {
    this.entries.clear();
    this.byUser.clear();
    this.byAccount.clear();
  }
}

function addTo(index: Map<string, Set<string>>, key: string, sessionId: string): void {
  const set = index.get(key);
  if (set) set.add(sessionId);
  else index.set(key, new Set([sessionId]));
}

function removeFrom(index: Map<string, Set<string>>, key: string, sessionId: string): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(sessionId);
  if (set.size === 0) index.delete(key);
}
