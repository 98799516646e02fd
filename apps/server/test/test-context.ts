import Fastify from 'fastify';
import type { Database } from '../src/db/client';
import { createServiceContext } from '../src/service-context';
import { createTestConfig } from './test-config';

/** What services get from the app, for calling a service directly: mail lands in the outbox. */
export function createTestContext(database: Database, now: () => Date = () => new Date()) {
  // A silent logger of the kind Fastify hands services.
  return createServiceContext(database, createTestConfig(), {
    log: Fastify({ logger: false }).log,
    now,
  });
}
