import type { FastifyRequest } from 'fastify';
import { translate, type MessageKey } from './messages';

/** docs/product.md#api-calls: every success body is `{ data }`, with an optional notification message. */
export function ok<T>(data: T, message?: string): { data: T; message?: string } {
  return message === undefined ? { data } : { data, message };
}

/** `ok` with a notification message in the request's language. */
export function okSaying<T>(
  request: FastifyRequest,
  data: T,
  key: MessageKey,
  params?: Record<string, string | number>,
): { data: T; message?: string } {
  return ok(data, translate(request.locale, key, params));
}
