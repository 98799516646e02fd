import type { FastifyRequest } from 'fastify';
import type { RequestMeta } from './session.service';

export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
  };
}
