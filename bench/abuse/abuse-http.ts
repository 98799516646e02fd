// HTTP over keep-alive sockets, as the abuse bench sends it (bench/abuse.ts).

import { randomInt } from 'node:crypto';
import http from 'node:http';
import { CORE_WORKBOOK, DEMO_PASSWORD, REQUEST_TIMEOUT_MS, XSRF } from './abuse-config';

// HTTP over keep-alive sockets.

export interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
}

export interface Answer {
  status: number | null;
  /** A network error's code when there was no answer. */
  error: string | null;
  ms: number;
  /** Sent a second time after a reset of a reused keep-alive socket (see `send`). */
  retried: boolean;
  requestId: string | null;
  /** The first 2 KB of the answer. */
  text: string;
}

/**
 * One request and its answer. A request written to a kept-alive socket the server had just
 * closed fails with ECONNRESET or EPIPE before any answer: it is sent once more, on a fresh
 * socket, as browsers do and as Node's docs advise, and counted as retried. (Fastify answers a
 * request head over 16 KB with 431, and a request Node's parser refuses with 400, without
 * `Connection: close`, then destroys the socket: the agent takes the answer as kept alive and
 * hands the dead socket to the next request.)
 */
/** A connection of its own for each request sent again. */
const freshSockets = new http.Agent({ keepAlive: false });
/** Sockets that have carried an answer: a request on one of them is on a reused socket. */
const answeredOn = new WeakSet<object>();

export async function send(agent: http.Agent, port: number, request: Sent): Promise<Answer> {
  const started = performance.now();
  let answer = await attempt(agent, port, request);
  let retried = false;
  if (answer.reusedSocket && (answer.error === 'ECONNRESET' || answer.error === 'EPIPE')) {
    retried = true;
    answer = await attempt(freshSockets, port, request);
  }
  const { reusedSocket: _reused, ...rest } = answer;
  return { ...rest, retried, ms: performance.now() - started };
}

function attempt(
  agent: http.Agent,
  port: number,
  request: Sent,
): Promise<Omit<Answer, 'ms' | 'retried'> & { reusedSocket: boolean }> {
  return new Promise((resolve) => {
    let settled = false;
    let outgoing: http.ClientRequest | null = null;
    // Not `request.reusedSocket`: the agent leaves it false when it hands a freed socket
    // straight to a queued request.
    let reused = false;
    const finish = (answer: Omit<Answer, 'ms' | 'retried'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...answer, reusedSocket: reused });
    };
    const headers: Record<string, string> = { ...request.headers };
    // Node frames a written body as chunked only for methods that usually carry one: say so for
    // every method, or a GET's body would follow its head unframed and read as the next request.
    if (request.body) {
      if (request.chunked) headers['transfer-encoding'] = 'chunked';
      else headers['content-length'] = String(request.body.length);
    }
    try {
      outgoing = http.request({
        agent,
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers,
      });
    } catch (error) {
      // Node refused to send it (a header or path it will not write): not the server's doing.
      finish({ status: null, error: `client:${errorCode(error)}`, requestId: null, text: '' });
      return;
    }
    const sending = outgoing;
    let socket: object | null = null;
    sending.once('socket', (assigned) => {
      socket = assigned;
      reused = answeredOn.has(assigned);
    });
    sending.setTimeout(REQUEST_TIMEOUT_MS, () => sending.destroy(new Error('timeout')));
    sending.on('error', (error) =>
      finish({ status: null, error: errorCode(error), requestId: null, text: '' }),
    );
    sending.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < 2_048) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      const done = () => {
        if (socket) answeredOn.add(socket);
        finish({
          status: response.statusCode ?? null,
          error: null,
          requestId: headerText(response.headers['x-request-id']),
          text: Buffer.concat(chunks).toString('utf8').slice(0, 2_048),
        });
      };
      response.on('end', done);
      // The server may close the socket right after a refusal (413): the status still counts.
      response.on('error', done);
      response.on('close', done);
    });
    if (request.body && request.chunked) {
      sending.write(request.body);
      sending.end();
    } else {
      sending.end(request.body);
    }
  });
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message : String(error);
}

function headerText(value: string | string[] | undefined): string | null {
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** Runs `next()` with `inFlight` calls at a time until one answers false. */
export async function pool(inFlight: number, next: () => Promise<boolean>): Promise<void> {
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (await next()) {
        // next() did the work
      }
    }),
  );
}

const xsrfHeaders = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function json(agent: http.Agent, port: number, request: Sent) {
  const answer = await send(agent, port, request);
  let body: { data?: Record<string, unknown> } = {};
  try {
    body = JSON.parse(answer.text) as typeof body;
  } catch {
    // not JSON (or longer than 2 KB): the caller looks at the status
  }
  return { answer, data: body.data ?? {} };
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Sent {
  return {
    method: 'POST',
    path,
    headers: {
      ...xsrfHeaders,
      'content-type': 'application/json',
      'x-forwarded-for': randomAddress(),
      ...headers,
    },
    body: Buffer.from(JSON.stringify(body)),
  };
}

export async function signIn(agent: http.Agent, port: number, email: string): Promise<string> {
  const { answer, data } = await json(
    agent,
    port,
    postJson('/api/auth', { email, password: DEMO_PASSWORD }),
  );
  if (answer.status !== 200 || typeof data.token !== 'string') {
    throw new Error(`sign-in of ${email} failed: ${answer.status ?? answer.error} ${answer.text}`);
  }
  return data.token;
}

/** Mints the core workbook's embed URL and trades its token for a data session. */
export async function embedSession(
  agent: http.Agent,
  port: number,
  token: string,
): Promise<string> {
  const minted = await json(
    agent,
    port,
    postJson(
      '/api/sigma/workbook/embed',
      { workbook_id: CORE_WORKBOOK },
      { authorization: `Bearer ${token}` },
    ),
  );
  const embedToken = new URL(String(minted.data.url)).searchParams.get('token');
  const opened = await json(
    agent,
    port,
    postJson('/api/embed/session', { workbook_id: CORE_WORKBOOK, token: embedToken }),
  );
  if (typeof opened.data.session !== 'string') {
    throw new Error(`no embed session: ${opened.answer.status} ${opened.answer.text}`);
  }
  return opened.data.session;
}
