import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { recordChange, routeOf } from './audit';
import { requestMeta } from './request-meta';

/**
 * docs/product.md#audit-log: every call a support session makes (an operator impersonating a
 * user) is a row in the user's account log, written before the answer leaves so the client
 * never sees an unrecorded change. Identical reads within the window count into one row.
 * Other requests pay one property check.
 */
export function registerSupportSessionAudit(app: FastifyInstance, db: Db, now: () => Date): void {
  // Callback style: the requests of everyone else pass without a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const actor = request.actor;
    if (!actor?.impersonatorId) return done(null, payload);
    const status = reply.statusCode;
    recordChange(db, { actor, meta: requestMeta(request) }, now(), {
      action: 'impersonation.request',
      targetType: 'route',
      targetId: routeOf(request),
      outcome: status < 400 ? 'success' : status === 401 || status === 403 ? 'denied' : 'failure',
      changes: { status },
      repeatable: request.method === 'GET',
    }).then(() => done(null, payload), done);
  });
}
