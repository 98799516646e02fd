import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataEnvelope, HealthSchema, type Health } from '@partner-portal/shared/api';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { routesIn } from '../../lib/route-file';

export interface HealthRoutesOptions {
  config: Pick<Config, 'providers'>;
  database: Database;
}

/** GET /api/health: unauthenticated liveness + which database and providers are in use. */
export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = routesIn(
  import.meta.url,
  async (app, options) => {
    app.get(
      '/',
      {
        config: { access: 'public' },
        schema: { response: { 200: dataEnvelope(HealthSchema), 503: dataEnvelope(HealthSchema) } },
      },
      async (request, reply) => {
        const reachable = await options.database.ping().then(
          () => true,
          (error: unknown) => {
            request.log.error({ err: error }, 'health check: database unreachable');
            return false;
          },
        );
        const data: Health = {
          status: reachable ? 'ok' : 'degraded',
          database: options.database.kind,
          providers: options.config.providers,
        };
        return reply.code(reachable ? 200 : 503).send({ data });
      },
    );
  },
);
