/**
 * The insights computed for a scope, kept until the account's data changes: the engine runs once
 * per data day, and the panel's later opens read one row. One statement answers the cache, the
 * stamp of the data now and the viewer's mutes, so a cached request costs one round trip here.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insightRuns } from '../../db/schema/index';
import { rowsOf } from '../../db/raw-rows';
import type { EngineInsight } from './insight-types';

/** An engine insight with what later requests need to find it again. */
export interface StoredInsight extends EngineInsight {
  id: string;
  /** The metric and segment: what "mute this series" hides. */
  seriesKey: string;
}

export interface StoredRun {
  status: 'ok' | 'insufficient_history' | 'no_data';
  asOf: string | null;
  dataThrough: string | null;
  insights: StoredInsight[];
  /**
   * AI summaries already asked for, by language and the cards they summarise; null when the
   * answer was dropped or none came, so a failing endpoint is asked once per data day, not on
   * every open.
   */
  narratives?: Record<string, string | null>;
}

/** How many requests' results a scope keeps (different as-of days or windows). */
const RUNS_KEPT_PER_SCOPE = 20;

export interface CacheKey {
  accountId: string;
  /** '' for the whole account, else the advertiser's name. */
  scope: string;
  requestKey: string;
}

/**
 * What the account's data looks like now, in a string that changes whenever it does: its data
 * version, which every insert into its report rows moves (migration 0027).
 */
function dataStamp(accountId: string) {
  return sql`coalesce((select version from report_data_versions where account_id = ${accountId}), 0)::text`;
}

export async function readCachedRun(
  db: Db,
  key: CacheKey,
  userId: string,
): Promise<{ run: StoredRun | null; stamp: string; muted: Set<string> }> {
  const [row] = await rowsOf<{ stamp: string; payload: StoredRun | null; muted: string[] | null }>(
    db,
    sql`with current_data as (select ${dataStamp(key.accountId)} as stamp)
        select current_data.stamp,
          (select payload from insight_runs
            where account_id = ${key.accountId} and scope = ${key.scope}
              and request_key = ${key.requestKey} and data_stamp = current_data.stamp) as payload,
          (select array_agg(series_key) from insight_mutes
            where account_id = ${key.accountId} and user_id = ${userId}
              and muted_until > now()) as muted
        from current_data`,
  );
  return {
    run: row?.payload ?? null,
    stamp: row?.stamp ?? '',
    muted: new Set(row?.muted ?? []),
  };
}

/** Keeps `run`, and drops the scope's runs of older data and all but the latest few. */
export async function writeCachedRun(
  db: Db,
  key: CacheKey,
  stamp: string,
  run: StoredRun,
): Promise<void> {
  await db
    .insert(insightRuns)
    .values({ ...key, dataStamp: stamp, payload: run })
    .onConflictDoUpdate({
      target: [insightRuns.accountId, insightRuns.scope, insightRuns.requestKey],
      set: { dataStamp: stamp, payload: run, computedAt: sql`now()` },
    });
  await db.execute(
    sql`delete from insight_runs where account_id = ${key.accountId} and scope = ${key.scope}
      and (data_stamp <> ${stamp} or request_key not in (
        select request_key from insight_runs
        where account_id = ${key.accountId} and scope = ${key.scope}
        order by computed_at desc limit ${RUNS_KEPT_PER_SCOPE}))`,
  );
}

/** The stored insight `id` in one of the scope's runs, or null. */
export async function findStoredInsight(
  db: Db,
  accountId: string,
  scope: string,
  id: string,
): Promise<StoredInsight | null> {
  const [row] = await rowsOf<{ insight: StoredInsight }>(
    db,
    sql`select insight from insight_runs, jsonb_array_elements(payload->'insights') as insight
        where account_id = ${accountId} and scope = ${scope} and insight->>'id' = ${id}
        limit 1`,
  );
  return row?.insight ?? null;
}

/** Keeps a summary (or its absence) with the run it was written from. */
export async function storeNarrative(
  db: Db,
  key: CacheKey,
  narrativeKey: string,
  narrative: string | null,
): Promise<void> {
  await db.execute(
    sql`update insight_runs
        set payload = jsonb_set(payload, '{narratives}',
          coalesce(payload->'narratives', '{}'::jsonb) || jsonb_build_object(${narrativeKey}::text, ${narrative}::text))
        where account_id = ${key.accountId} and scope = ${key.scope} and request_key = ${key.requestKey}`,
  );
}
