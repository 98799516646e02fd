import type { FastifyServerOptions } from 'fastify';
import { compactStream } from './log-format';

const SECRET_FIELDS = [
  'password',
  'newpassword',
  'oldpassword',
  'confirm_password',
  'token',
  'jwt',
  'code',
  'secret',
  'backup_code',
  'passwordHash',
  'password_hash',
];

const REDACTED = '[redacted]';

// Query parameters whose values are safe to keep in a log line; every other value (token, jwt,
// code, state, id, email, …) is written as [redacted].
const PLAIN_QUERY_KEYS = new Set([
  'from',
  'to',
  'dimension',
  'sort',
  'dir',
  'page',
  'page_size',
  'theme',
  'lng',
  'locale',
  'plan',
  'provider',
  'reason',
  'error',
]);

// A path segment that is a credential: a JWT, or a long base64url run that is not a UUID.
const TOKEN_SEGMENT = /^(?:[\w-]+\.[\w-]+\.[\w-]*|(?![0-9a-f]{8}-[0-9a-f]{4}-)[\w-]{32,})$/i;

/** The URL as logged: the path with token-like segments and the query's values hidden. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const safePath = path
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? REDACTED : segment))
    .join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const [key = ''] = pair.split('=', 1);
      return PLAIN_QUERY_KEYS.has(key) ? pair : `${key}=${REDACTED}`;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

// What a secret looks like inside free text (an error message): an argon2 hash, a JWT, a
// base64url token of 32+ characters.
const SECRET_IN_TEXT =
  /\$argon2(?:id|i|d)\$[^\s"'\\]+|\b[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}\b|\b[A-Za-z0-9_-]{43,}\b/g;

function redactText(text: string): string {
  return text.replace(SECRET_IN_TEXT, REDACTED);
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * Errors as logged: a database error's bound parameters (a new user's password hash, a token
 * hash) are dropped, the query's "params:" tail is cut from the message, and whatever still
 * looks like a secret in the text is hidden. Causes are serialized the same way.
 */
function serializeError(error: Error): SerializedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: redactText(String(error)), stack: '' };
  }
  const clean = (text: string) => redactText(text.replace(/\nparams: [\s\S]*$/, ''));
  // `code` is renamed: the redaction of OTP `code` fields would otherwise hide SQLSTATEs too.
  const {
    params: _params,
    cause: _cause,
    code,
    ...own
  } = error as unknown as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(own).map(([key, value]) => [
      key,
      typeof value === 'string' ? clean(value) : value,
    ]),
  );
  return {
    ...fields,
    ...(code === undefined ? {} : { error_code: code }),
    type: error.constructor.name,
    message: clean(error.message),
    stack: clean(error.stack ?? ''),
    ...(error.cause instanceof Error ? { cause: serializeError(error.cause) } : {}),
  };
}

interface LoggedRequest {
  id: string;
  method: string;
  url: string;
  ip: string;
}

/**
 * pino options: JSON lines with the request id, and nothing secret (docs/security.md "Logs"):
 * authorization headers and cookies, any password / token / code field, tokens in URLs and in
 * error messages are written as [redacted]. Request bodies are never logged. `pretty` writes
 * compact lines to a terminal instead (log-format.ts).
 */
export function loggerOptions(
  level: string,
  options: { pretty?: boolean } = {},
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(options.pretty ? { stream: compactStream(process.stdout) } : {}),
    serializers: {
      req: (request: LoggedRequest) => ({
        id: request.id,
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      err: serializeError,
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
        ...SECRET_FIELDS,
        ...SECRET_FIELDS.map((field) => `*.${field}`),
        ...SECRET_FIELDS.map((field) => `*.*.${field}`),
      ],
      censor: REDACTED,
    },
  };
}
