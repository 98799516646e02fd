import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translateFormMessage } from '@partner-portal/shared/form-messages';
import type { ErrorResponse } from '@partner-portal/shared/api';
import { MAX_BODY_BYTES } from '@partner-portal/shared/constants';
import { AppError } from './app-error';
import { translate, type MessageKey } from './messages';

/** Errors a driver raises when the database cannot be reached: answer 503, not 500. */
function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  const text = `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}`;
  return (
    (typeof code === 'string' &&
      ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03'].includes(code)) ||
    /connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|PGlite is closed/i.test(
      text,
    ) ||
    (error.cause !== undefined && isDatabaseUnavailable(error.cause))
  );
}

/** The first key a zod `unrecognized_keys` issue lists (its `keys`), if any. */
function firstKey(params: Record<string, unknown>): string | null {
  const keys = params.keys;
  return Array.isArray(keys) && typeof keys[0] === 'string' ? keys[0] : null;
}

function sendError(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  key: MessageKey,
  params: Record<string, string | number> = {},
  extra: Omit<ErrorResponse, 'message'> = {},
): FastifyReply {
  return reply.code(status).send({ message: translate(request.locale, key, params), ...extra });
}

/**
 * The one place errors become HTTP answers (architecture doc, "API contract"): AppError codes map
 * to statuses, zod failures to 400 naming the first bad field, framework errors to their 4xx,
 * and anything else to a generic 500 whose details only reach the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { locale } = request;

    if (error instanceof AppError) {
      const { inputError, plan, params, retryAfterSeconds, problems, reason } = error.options;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return reply.code(error.status).send({
        message: translate(locale, error.messageKey, params),
        ...(reason ? { code: reason } : {}),
        ...(inputError ? { inputError } : {}),
        ...(plan ? { plan } : {}),
        ...(problems ? { problems: problems.list, problemCount: problems.count } : {}),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first ? first.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      // A strict object's unknown key is reported on the object, not the key: name the key.
      const unknownKey = first?.keyword === 'unrecognized_keys' ? firstKey(first.params) : null;
      if (unknownKey !== null) {
        const field = path ? `${path}.${unknownKey}` : unknownKey;
        return reply.code(400).send({
          message: translate(locale, 'error.unknown_field', { field }),
          inputError: field,
        });
      }
      const field = path;
      const message =
        (first?.message ? translateFormMessage(locale, first.message, field) : null) ??
        translate(locale, field ? 'error.invalid_field' : 'error.bad_request', { field });
      return reply.code(400).send({ message, ...(field ? { inputError: field } : {}) });
    }

    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, request, 415, 'error.unsupported_media_type', {
          type: request.headers['content-type'] ?? '',
        });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, request, 413, 'error.payload_too_large', {
          limit: `${Math.round((request.routeOptions.bodyLimit ?? MAX_BODY_BYTES) / (1024 * 1024))} MiB`,
        });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendError(reply, request, 400, 'error.bad_request');
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return sendError(reply, request, 400, 'error.invalid_json');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return sendError(reply, request, 503, 'error.service_unavailable');
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendError(reply, request, error.statusCode, 'error.bad_request');
    }

    request.log.error({ err: error }, 'unexpected error');
    return sendError(
      reply,
      request,
      500,
      'error.internal',
      { requestId: request.id },
      {
        requestId: request.id,
      },
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, request, 404, 'error.route_not_found', {
      method: request.method,
      url: request.url.split('?')[0] ?? '',
    }),
  );
}
