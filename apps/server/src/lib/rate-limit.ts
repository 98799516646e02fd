import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ADDRESS_LIMITS, type AddressLimitName } from '@partner-portal/shared/limits';
import { AppError } from './app-error';

/** Per-address limits by name (values and reasons: packages/shared/src/limits.ts). */
export const RATE_LIMITS: Record<AddressLimitName, { max: number; timeWindow: number }> =
  Object.fromEntries(
    Object.entries(ADDRESS_LIMITS).map(([name, limit]) => [
      name,
      { max: limit.max, timeWindow: limit.windowMs },
    ]),
  ) as Record<AddressLimitName, { max: number; timeWindow: number }>;
export type RateLimitPreset = AddressLimitName;

/** Route option: `config: { rateLimit: rateLimitFor('mail') }`. */
export function rateLimitFor(preset: RateLimitPreset): RateLimitOptions {
  return { ...RATE_LIMITS[preset] };
}

/** The IP the limit counts against; `request.ip` honours X-Forwarded-For only under TRUST_PROXY. */
function clientKey(request: FastifyRequest): string {
  return request.ip;
}

export interface RateLimitDeps {
  redisUrl?: string | undefined;
  /** Keeps tests on a shared Redis from counting against each other. */
  redisNamespace?: string;
}

/**
 * Registers @fastify/rate-limit with no global limit: routes opt in. Counters live in Redis when
 * REDIS_URL is set, so several instances share them, and in memory otherwise. Paths differing
 * only by a trailing slash reach the same route (router option) and so share its bucket.
 * Returns the Redis connection, if any, for the readiness check.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: RateLimitDeps,
): Promise<Redis | undefined> {
  const redis = deps.redisUrl
    ? new Redis(deps.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2_000 })
    : undefined;
  if (redis) {
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'redis error (rate limits)'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientKey,
    ...(redis ? { redis, nameSpace: deps.redisNamespace ?? 'partner-portal-rl:' } : {}),
    // With Redis unreachable, requests are let through (and the error logged) rather than
    // failing every limited route: throttling protects the service, it must not take it down.
    skipOnError: true,
    errorResponseBuilder: (_request, context) =>
      new AppError('rate_limited', 'error.rate_limited', {
        params: { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
  return redis;
}
