import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { makePrivateDir, restrictTree } from '../lib/private-files';
import { AUTH_CHANGE_CHANNEL, AuthChangeFeed, parseAuthChangePayload } from './auth-changes';

/** The NOTIFY channel of the outbox trigger in drizzle/0008_mail_outbox_dispatch.sql. */
const MAIL_QUEUED_CHANNEL = 'mail_queued';
/** The NOTIFY channel of the webhook deliveries' trigger in drizzle/0034_webhooks.sql. */
const WEBHOOK_QUEUED_CHANNEL = 'webhook_queued';

/** Listeners of one signal without a payload. */
function signal() {
  const listeners = new Set<() => void>();
  return {
    emit: () => listeners.forEach((listener) => listener()),
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
import * as schema from './schema/index';

type Schema = typeof schema;
/** One type for both drivers, so services take `(db: Db, …)` and a transaction fits too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What writes made stale, for the session cache; `listen()` starts hearing other instances. */
  changes: AuthChangeFeed;
  /** Starts receiving the auth-change NOTIFY (idempotent); the feed is `live` once it does. */
  listen(): Promise<void>;
  /**
   * Calls `listener` when a transaction that queued mail commits, on any instance (the outbox
   * trigger's NOTIFY; heard once `listen()` has run). Answers the unsubscribe.
   */
  onMailQueued(listener: () => void): () => void;
  /** The same for a transaction that queued a webhook delivery (drizzle/0034_webhooks.sql). */
  onWebhookQueued(listener: () => void): () => void;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Adds `csv` (RFC 4180, no header) to `table`'s `columns` with COPY, the bulk path: a million
   * rows in seconds where INSERTs take minutes. Outside any transaction, on a connection of its
   * own. Names are the code's own constants, never a caller's input.
   */
  copyCsv(table: string, columns: readonly string[], csv: string): Promise<void>;
  /**
   * Runs `work` while holding a lock that every instance on this database shares (a PostgreSQL
   * advisory lock), so that migrations and the demo seed run once when instances boot together.
   * The embedded database belongs to one process, so there it just runs `work`.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The connection pool's use, for metrics; null for the embedded database (one connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * A gzip tarball of the embedded database's files, taken between two queries (`admin backup`).
   * PostgreSQL has its own tools for that: there it rejects.
   */
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

/** Where in DATA_DIR the embedded database keeps its files; the rest of DATA_DIR is not its. */
export const pgliteDataDir = (dataDir: string) => join(dataDir, 'pgdata');

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  makePrivateDir(options.dataDir);
  const dir = pgliteDataDir(options.dataDir);
  makePrivateDir(dir);
  restrictTree(options.dataDir);
  const client = await PGlite.create(dir);
  restrictTree(options.dataDir);
  return wrapPglite(client, () => restrictTree(options.dataDir));
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function copyStatement(table: string, columns: readonly string[], source: string): string {
  const names = [table, ...columns];
  const bad = names.find((name) => !IDENTIFIER.test(name));
  if (bad !== undefined) throw new Error(`Not a plain identifier: ${bad}`);
  const list = columns.map((name) => `"${name}"`).join(', ');
  return `COPY "${table}" (${list}) FROM ${source} WITH (FORMAT csv)`;
}

export function wrapPglite(client: PGlite, afterClose: () => void = () => undefined): Database {
  const changes = new AuthChangeFeed();
  const db = drizzlePglite(client, { schema, logger: changes.logger }) as unknown as Db;
  let listening: Promise<void> | null = null;
  const mailQueued = signal();
  const webhookQueued = signal();
  return {
    db,
    kind: 'pglite',
    changes,
    // One process owns the embedded database, and PGlite hands a commit's notifications over
    // before the statement's promise resolves: the feed is exact from the first write.
    listen: () =>
      (listening ??= Promise.all([
        client.listen(AUTH_CHANGE_CHANNEL, (payload) => {
          const change = parseAuthChangePayload(payload);
          if (change) changes.emit(change);
        }),
        client.listen(MAIL_QUEUED_CHANNEL, mailQueued.emit),
        client.listen(WEBHOOK_QUEUED_CHANNEL, webhookQueued.emit),
      ]).then(() => changes.setLive(true))),
    onMailQueued: mailQueued.subscribe,
    onWebhookQueued: webhookQueued.subscribe,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // PGlite reads COPY's input from a Blob it names /dev/blob.
    copyCsv: async (table, columns, csv) => {
      await client.query(copyStatement(table, columns, "'/dev/blob'"), [], {
        blob: new Blob([csv]),
      });
    },
    exclusive: (work) => work(),
    poolStats: () => null,
    dump: async () => {
      // Written-back pages: loading the copy then replays little or no WAL.
      await client.exec('checkpoint');
      return client.dumpDataDir('gzip');
    },
    close: async () => {
      if (client.closed) return;
      await client.close();
      afterClose();
    },
  };
}

/** Opening a connection gives up after this: a server that does not answer is a 503 at once. */
const CONNECT_TIMEOUT_MS = 3_000;
/**
 * Waiting for a free connection gives up after this. A busy pool is not an outage: under a burst
 * (twenty viewers loading a large dashboard at once, docs/scaling.md) a query waits its turn
 * rather than failing at the connect timeout.
 */
export const POOL_WAIT_MS = 15_000;

/**
 * pg's pool has one timeout for both waits; its clients keep the short one for the connection
 * itself, so the pool's own (POOL_WAIT_MS) only bounds the queue for a free connection.
 */
class QuickConnectClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super({
      ...(typeof config === 'string' ? { connectionString: config } : config),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
  }
}

export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    Client: QuickConnectClient,
    connectionTimeoutMillis: POOL_WAIT_MS,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server emits 'error' on the pool; without a listener it would
  // crash the process. The next query fails (503) and the pool reconnects when the server is back.
  pool.on('error', () => undefined);
  const changes = new AuthChangeFeed();
  const db = drizzlePg(pool, { schema, logger: changes.logger }) as unknown as Db;
  const mailQueued = signal();
  const webhookQueued = signal();
  const listener = new ChangeListener(connectionString, changes, {
    [MAIL_QUEUED_CHANNEL]: mailQueued.emit,
    [WEBHOOK_QUEUED_CHANNEL]: webhookQueued.emit,
  });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    changes,
    listen: () => listener.start(),
    onMailQueued: mailQueued.subscribe,
    onWebhookQueued: webhookQueued.subscribe,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    copyCsv: async (table, columns, csv) => {
      const client = await pool.connect();
      try {
        await pipeline(
          Readable.from([csv]),
          client.query(copyFrom(copyStatement(table, columns, 'STDIN'))),
        );
      } finally {
        client.release();
      }
    },
    exclusive: async (work) => {
      // A session-level lock on a connection of its own: the work's queries use the pool.
      const holder = await pool.connect();
      try {
        await holder.query('select pg_advisory_lock($1)', [BOOT_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await holder.query('select pg_advisory_unlock($1)', [BOOT_LOCK_KEY]);
        }
      } finally {
        holder.release();
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    dump: () =>
      Promise.reject(
        new Error('The app backs up only its embedded database: back PostgreSQL up with pg_dump.'),
      ),
    close: async () => {
      if (closed) return;
      closed = true;
      await listener.stop();
      await pool.end();
    },
  };
}

const RELISTEN_DELAY_MS = 1_000;
/** Any fixed number: instances agree on it to take turns at boot (migrations, demo seed). */
const BOOT_LOCK_KEY = 7_041_913;

/**
 * One connection outside the pool that LISTENs for auth changes, queued mail and webhooks. When it drops,
 * the feed goes not-live (caches answer from the database) and it reconnects every second until
 * it is back (the mail dispatcher's poll covers the gap).
 */
class ChangeListener {
  private client: pg.Client | null = null;
  private started: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly changes: AuthChangeFeed,
    /** What to call on a NOTIFY of each queue's channel. */
    private readonly queued: Record<string, () => void>,
  ) {}

  start(): Promise<void> {
    return (this.started ??= this.connect());
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: 'partner-portal auth-change listener',
    });
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      this.changes.setLive(false);
      client.end().catch(() => undefined);
      this.scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      const wake = this.queued[message.channel];
      if (wake) return wake();
      const change = message.payload ? parseAuthChangePayload(message.payload) : null;
      if (change) this.changes.emit(change);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${AUTH_CHANGE_CHANNEL}`);
      for (const channel of Object.keys(this.queued)) await client.query(`LISTEN ${channel}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      this.changes.listenerPid = rows[0]?.pid ?? null;
    } catch {
      client.end().catch(() => undefined);
      this.scheduleRetry();
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.changes.setLive(true);
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, RELISTEN_DELAY_MS);
    this.retry.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    this.changes.setLive(false);
    await client?.end().catch(() => undefined);
  }
}
