import type { FastifyRequest } from 'fastify';

/** Where a request came from, as sessions and sign-in mails record it. */
export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  /** The request's id (its `x-request-id`), which the audit log records. */
  requestId?: string;
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    requestId: request.id,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
  };
}
