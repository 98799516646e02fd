import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inArray, isNull, sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import { digestDeliveries, outbox } from '../db/schema';
import { AppError } from './app-error';
import type { LiveSessions } from './live-sessions';

export interface MetricsDeps {
  /** The bearer token a scraper must send; null: /metrics answers 404 and nothing is counted. */
  token: string | null;
  database: Database;
  sessions: LiveSessions;
}

/** Requests that matched no route share one label, so a scan of random paths adds no series. */
const UNMATCHED = 'unmatched';

/**
 * GET /metrics in the Prometheus text format: requests and their durations by route and status,
 * the database pool, the session cache and the mail outbox, plus Node's process metrics.
 * Counting costs a hook on every response, so nothing is registered while metrics are off.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const { token } = deps;
  if (!token) {
    app.get('/metrics', { config: { access: 'public' } }, () => {
      throw new AppError('not_found', 'error.not_found');
    });
    return;
  }

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the response being sent.',
    labelNames,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database connections by state (the embedded database is one connection).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = deps.database.poolStats();
      this.set({ state: 'total' }, pool?.total ?? 1);
      if (!pool) return;
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'session_cache_lookups',
    help: 'Session cache lookups since start, by result; hit / (hit + miss) is the hit rate.',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      const { hits, misses } = deps.sessions.stats;
      this.set({ result: 'hit' }, hits);
      this.set({ result: 'miss' }, misses);
    },
  });
  new Gauge({
    name: 'session_cache_entries',
    help: 'Sessions held in this instance’s cache.',
    registers: [registry],
    collect() {
      this.set(deps.sessions.stats.size);
    },
  });
  new Gauge({
    name: 'mail_outbox_unsent',
    help: 'Mails in the outbox not sent yet: waiting or retrying, or given up (failed="true").',
    labelNames: ['failed'],
    registers: [registry],
    async collect() {
      const [row] = await deps.database.db
        .select({
          waiting: sql<number>`count(*) filter (where ${outbox.failedAt} is null)`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${outbox.failedAt} is not null)`.mapWith(
            Number,
          ),
        })
        .from(outbox)
        .where(isNull(outbox.sentAt));
      this.set({ failed: 'false' }, row?.waiting ?? 0);
      this.set({ failed: 'true' }, row?.failed ?? 0);
    },
  });

  new Gauge({
    name: 'report_digests_unsent',
    help: 'Report digests due and not sent: waiting or retrying (status="pending"), or given up after repeated failures (status="failed").',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const [row] = await deps.database.db
        .select({
          pending:
            sql<number>`count(*) filter (where ${digestDeliveries.status} = 'pending')`.mapWith(
              Number,
            ),
          failed:
            sql<number>`count(*) filter (where ${digestDeliveries.status} = 'failed')`.mapWith(
              Number,
            ),
        })
        .from(digestDeliveries)
        .where(inArray(digestDeliveries.status, ['pending', 'failed']));
      this.set({ status: 'pending' }, row?.pending ?? 0);
      this.set({ status: 'failed' }, row?.failed ?? 0);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const expected = Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { config: { access: 'public' } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AppError('unauthorized', 'error.unauthorized');
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
