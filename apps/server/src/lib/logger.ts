import { hostname } from 'node:os';
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

// Past this much output queued for a stdout nobody reads, lines are dropped: a reader that stopped
// must not grow the heap without end.
const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

let stdoutGone = false;
let droppedLines = 0;
let stdoutGuarded = false;

function guardStdout(): void {
  if (stdoutGuarded) return;
  stdoutGuarded = true;
  // EPIPE: the reader went away and there is nowhere left to log to. Unhandled, the error would
  // end the process wherever it stood, a request or a database write half done.
  process.stdout.on('error', () => {
    stdoutGone = true;
  });
}

/**
 * Where the JSON lines go: Node's process.stdout, which never blocks on a full pipe: it queues,
 * and what is still queued when the process exits is lost (flushLog gives it a bounded wait).
 *
 * Not pino's default destination: that one (sonic-boom on fd 1) writes asynchronously and, in a
 * process 'exit' hook, flushes what it holds synchronously, sleeping 100 ms and retrying for as
 * long as the write fails with EAGAIN. With stdout a pipe whose reader stopped draining it (a
 * supervisor that stopped reading once `npm`, its child, had exited), `process.exit` never
 * returned: the main thread slept in a futex, and neither the shutdown timer nor a second signal
 * could run.
 */
const stdoutDestination = {
  write(line: string): void {
    if (stdoutGone) return;
    if (process.stdout.writableLength > MAX_QUEUED_BYTES) {
      droppedLines++;
      return;
    }
    if (droppedLines > 0) {
      // pino's own layout, so that whatever parses the log reads the gap too.
      const notice = {
        level: 40,
        time: Date.now(),
        pid: process.pid,
        hostname: hostname(),
        dropped: droppedLines,
        msg: 'log lines dropped: stdout was not being read',
      };
      process.stdout.write(`${JSON.stringify(notice)}\n`);
      droppedLines = 0;
    }
    process.stdout.write(line);
  },
};

/**
 * Resolves once stdout has taken everything logged, or after `withinMs`: the last lines of a
 * shutdown reach a slow reader, and a reader that stopped cannot hold the exit up.
 */
export async function flushLog(withinMs: number): Promise<void> {
  const until = Date.now() + withinMs;
  while (!stdoutGone && process.stdout.writableLength > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
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
  guardStdout();
  return {
    level,
    stream: options.pretty ? compactStream(process.stdout) : stdoutDestination,
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
