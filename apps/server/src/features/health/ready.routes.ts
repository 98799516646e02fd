import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import {
  dataEnvelope,
  ReadinessSchema,
  type Readiness as ReadinessBody,
} from '@partner-portal/shared/api';
import type { Database } from '../../db/client';
import type { Readiness } from './readiness';
import { routesIn } from '../../lib/route-file';

export interface ReadyRoutesOptions {
  database: Database;
  redis: Redis | undefined;
  readiness: Readiness;
}

/** A check slower than this counts as down: a probe must answer before the balancer gives up. */
const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout(check: Promise<unknown>): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), CHECK_TIMEOUT_MS);
  });
  return Promise.race([
    check.then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    ),
    timeout,
  ]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/ready: readiness, as opposed to /api/health's liveness. 200 when the database (and
 * Redis, when configured) answer; 503 when one does not, or from the moment shutdown begins.
 */
export const readyRoutes: FastifyPluginAsyncZod<ReadyRoutesOptions> = routesIn(
  import.meta.url,
  async (app, options) => {
    app.get(
      '/',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: dataEnvelope(ReadinessSchema), 503: dataEnvelope(ReadinessSchema) },
        },
      },
      async (request, reply) => {
        const [database, redis] = await Promise.all([
          withinTimeout(options.database.ping()),
          options.redis ? withinTimeout(options.redis.ping()) : undefined,
        ]);
        const reachable = database === 'ok' && redis !== 'unreachable';
        if (!reachable) request.log.warn({ database, redis }, 'not ready: a dependency is down');
        const data: ReadinessBody = {
          status: options.readiness.draining ? 'draining' : reachable ? 'ready' : 'unavailable',
          checks: redis ? { database, redis } : { database },
        };
        reply.header('cache-control', 'no-store');
        return reply.code(data.status === 'ready' ? 200 : 503).send({ data });
      },
    );
  },
);
