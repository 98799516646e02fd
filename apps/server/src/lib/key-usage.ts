import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, apiKeyUsage } from '../db/schema/index';

interface Pending {
  calls: Map<string, number>;
  lastUsedAt: Date;
  lastUsedIp: string;
}

/**
 * Counts each key's calls per day and remembers its last use, written in batches (every few
 * seconds and when the app closes) rather than once per call: a key-authenticated request costs
 * no write. Instances add their own counts (`calls + excluded.calls`), so none is lost to another.
 */
export class KeyUsage {
  private pending = new Map<string, Pending>();

  constructor(private readonly db: Db) {}

  record(keyId: string, ip: string, at: Date): void {
    const day = at.toISOString().slice(0, 10);
    const entry = this.pending.get(keyId);
    if (!entry) {
      this.pending.set(keyId, { calls: new Map([[day, 1]]), lastUsedAt: at, lastUsedIp: ip });
      return;
    }
    entry.calls.set(day, (entry.calls.get(day) ?? 0) + 1);
    if (at >= entry.lastUsedAt) {
      entry.lastUsedAt = at;
      entry.lastUsedIp = ip;
    }
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].flatMap(([keyId, entry]) =>
      [...entry.calls].map(([day, calls]) => ({ keyId, day, calls })),
    );
    // A key deleted since its call has no row to count against; its counts go with it.
    const live = new Set(
      (
        await this.db
          .select({ id: apiKeys.id })
          .from(apiKeys)
          .where(sql`${apiKeys.id} in ${[...batch.keys()]}`)
      ).map((row) => row.id),
    );
    const kept = rows.filter((row) => live.has(row.keyId));
    if (kept.length > 0) {
      await this.db
        .insert(apiKeyUsage)
        .values(kept)
        .onConflictDoUpdate({
          target: [apiKeyUsage.keyId, apiKeyUsage.day],
          set: { calls: sql`${apiKeyUsage.calls} + excluded.calls` },
        });
    }
    for (const [keyId, entry] of batch) {
      if (!live.has(keyId)) continue;
      await this.db
        .update(apiKeys)
        .set({ lastUsedAt: entry.lastUsedAt, lastUsedIp: entry.lastUsedIp })
        .where(eq(apiKeys.id, keyId));
    }
  }
}
