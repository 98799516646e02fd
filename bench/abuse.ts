// `npm run bench:abuse`: the built server (as `npm start` serves it, embedded database with the
// demo data) taken over real HTTP from this process.
//   Part A: 100,000 bad requests (ABUSE_REQUESTS) spread over every API route, half as the demo
//   owner and half anonymous, from fast-check arbitraries (seed printed; FC_SEED replays the same
//   requests): malformed JSON, wrong types, ~1 MB strings, nesting 1,000+ deep, lone surrogates
//   and NUL, 1e400 / -0 / "NaN", unknown fields, empty JSON bodies, wrong content types, invalid
//   UTF-8, and a few 10 MB bodies. Goal: no 5xx, and the server's RSS back near its baseline.
//   Part B: 50 connections for 30 s (ABUSE_MIXED_SECONDS) of what people do: sign in, load their
//   profile, dashboards (embed URL → embed session → KPIs), the users screen, the billing screen.
// Rewrites its section of bench/results/latest.md (the others stay as they are) and prints it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MAX_BODY_BYTES } from '@partner-portal/shared/constants';
import fc from 'fast-check';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { wrapPglite } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { listRouteAccess } from '../apps/server/src/lib/auth-guard';
import { hashingLimits } from '../apps/server/src/lib/password';
import { findFreePort } from '../e2e/fixtures/free-port';
import { percentile } from './timing';
import { writeSection } from './results-file';

const HEADING = '## Abuse: 100,000 bad requests and a mixed load';
const root = new URL('..', import.meta.url).pathname;

const REQUESTS = Number(process.env.ABUSE_REQUESTS) || 100_000;
const MIXED_SECONDS = Number(process.env.ABUSE_MIXED_SECONDS) || 30;
const seed = Number(process.env.FC_SEED) || Date.now() % 2 ** 31;
const FUZZ_IN_FLIGHT = 32;
const MIXED_CONNECTIONS = 50;
const WARM_UP_REQUESTS = 2_000;
/** One request in this many carries a 10 MB body (20 of 100,000). */
const TEN_MB_EVERY = 5_000;
const BATCH = 64;
const REQUEST_TIMEOUT_MS = 60_000;

const XSRF = 'bench-xsrf-token';
const n = (value: number) => value.toLocaleString('en');
const DEMO_PASSWORD = 'Demo-partner-1!';
const DEMO = {
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  advertiser: 'advertiser@demo.test',
} as const;
const CORE_WORKBOOK = 'local-core-overview';

// ---------------------------------------------------------------------------------------------
// The server: `node apps/server/dist/server.js` in its own process group, its log kept.

interface Server {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  /** The newest log lines (stdout and stderr), oldest first. */
  log: string[];
  exited: { code: number | null; signal: string | null } | null;
}

const LOG_KEPT = 20_000;

async function startServer(): Promise<Server> {
  if (!existsSync(join(root, 'apps/server/dist/server.js'))) {
    throw new Error('apps/server/dist/server.js is missing: run npm run build first');
  }
  const port = await findFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-abuse-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      TRUST_PROXY: 'true',
    },
  });
  if (!child.pid) throw new Error('the server did not start');
  const server: Server = { url, port, pid: child.pid, child, dataDir, log: [], exited: null };
  active = server;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      server.log.push(...lines);
      if (server.log.length > LOG_KEPT * 1.5) server.log.splice(0, server.log.length - LOG_KEPT);
    });
  }
  child.once('exit', (code, signal) => (server.exited = { code, signal }));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exited) {
      throw new Error(`the server exited (${server.exited.code}):\n${server.log.join('\n')}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer in 120 s:\n${server.log.join('\n')}`);
    await sleep(250);
  }
}

let active: Server | null = null;

/** Ends the server's process group and removes its data dir; safe to call twice. */
async function stopServer(): Promise<void> {
  const server = active;
  active = null;
  if (!server) return;
  if (!server.exited) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([exited, sleep(10_000)]);
    if (!server.exited) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

// A last resort if this process ends without reaching `finally` (the server is detached).
process.on('exit', () => {
  if (!active) return;
  try {
    process.kill(-active.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  rmSync(active.dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the server`);
    void stopServer().finally(() => process.exit(130));
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The server process's resident set (VmRSS) in MB. */
function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : NaN;
  } catch {
    return NaN; // the process is gone; the run notices
  }
}

/** Samples RSS every 200 ms until stopped: the peak. */
function rssSampler(pid: number) {
  let peak = 0;
  const sample = () => {
    const rss = rssMb(pid);
    if (rss > peak) peak = rss;
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP over keep-alive sockets.

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
}

interface Answer {
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

async function send(agent: http.Agent, port: number, request: Sent): Promise<Answer> {
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
async function pool(inFlight: number, next: () => Promise<boolean>): Promise<void> {
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (await next()) {
        // next() did the work
      }
    }),
  );
}

const xsrfHeaders = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };
const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

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

function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Sent {
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

async function signIn(agent: http.Agent, port: number, email: string): Promise<string> {
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
async function embedSession(agent: http.Agent, port: number, token: string): Promise<string> {
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

// ---------------------------------------------------------------------------------------------
// Every API route, as the property tests list them: the app's own route table.

interface ApiRoute {
  method: string;
  url: string;
  access: string;
  bodyFields: string[];
  queryFields: string[];
}

/** The property names a zod schema takes (through unions and intersections). */
function fieldsOf(schema: unknown): string[] {
  const toJson = (schema as { toJSONSchema?: (params: unknown) => unknown } | undefined)
    ?.toJSONSchema;
  if (typeof toJson !== 'function') return [];
  const fields = new Set<string>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const object = node as Record<string, unknown>;
    if (object.properties && typeof object.properties === 'object') {
      for (const key of Object.keys(object.properties)) fields.add(key);
    }
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      if (Array.isArray(object[key])) (object[key] as unknown[]).forEach(walk);
    }
  };
  try {
    walk(toJson.call(schema, { unrepresentable: 'any', io: 'input' }));
  } catch {
    // a schema JSON Schema cannot express: fuzz with made-up fields only
  }
  return [...fields];
}

/** Builds the app in this process on a throwaway in-memory database, only to read its routes. */
async function listApiRoutes(): Promise<ApiRoute[]> {
  const dir = mkdtempSync(join(tmpdir(), 'pp-abuse-routes-'));
  const database = wrapPglite(await PGlite.create());
  try {
    await migrateDatabase(database);
    const config = loadConfig({
      DATA_DIR: dir,
      SESSION_SECRET: 'abuse-bench-route-listing-secret-0123456789',
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database, logger: false, webDistDir: dir });
    try {
      await app.ready();
      return listRouteAccess(app).map((route) => ({
        method: route.method,
        url: route.url.replace(/(.)\/$/, '$1'),
        access: typeof route.access === 'string' ? route.access : JSON.stringify(route.access),
        bodyFields: fieldsOf(route.schema.body),
        queryFields: fieldsOf(route.schema.querystring),
      }));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// The bad requests, as fast-check values (route-independent; fields are picked by index).

/** Any code point, lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const unstorable = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uDBFF', '\uFFFE', '\u202E');
const hostileText = fc.oneof(
  anyText,
  fc.tuple(anyText, unstorable, anyText).map((parts) => parts.join('')),
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    'owner',
    'master',
    'x'.repeat(5_000),
    '0000-00-00',
    '9999-12-31',
    '2026-02-30',
    "a'b@example.test",
    'ａ＠example.test',
    "' or 1=1 --",
    '<script>alert(1)</script>',
    '${jndi:ldap://x}',
    '../../../etc/passwd',
    '😀'.repeat(300),
    'NaN',
    '1e400',
  ),
);

/** Number literals JSON allows but code may not expect, and numbers sent as strings. */
const oddNumber = fc.constantFrom(
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '-0.0',
  '9007199254740993',
  '123456789012345678901234567890',
  '1.7976931348623157e309',
  '0.1',
  '-1',
  '2147483648',
  '"NaN"',
  '"Infinity"',
  '"-0"',
  '"1e400"',
  '"0x10"',
);

/** A JSON text of about `bytes` bytes: one string of a repeated character. */
function hugeString(bytes: number, character: string): string {
  const unit = JSON.stringify(character).slice(1, -1);
  return `"${unit.repeat(Math.max(1, Math.floor(bytes / Buffer.byteLength(unit))))}"`;
}
const huge = fc
  .tuple(
    fc.constantFrom(16_384, 100_000, 500_000, 1_000_000, 1_048_000, 1_100_000),
    fc.constantFrom('x', 'é', '😀', '\u0000', '\uD800', '"'),
  )
  .map(([bytes, character]) => hugeString(bytes, character));

/** Arrays or objects 1,000 to 100,000 deep, closed or not. */
const deep = fc
  .tuple(
    fc.integer({ min: 1_000, max: 100_000 }),
    fc.constantFrom('array', 'object', 'mixed', 'unclosed'),
  )
  .map(([depth, shape]) => {
    if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
    if (shape === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    if (shape === 'mixed') {
      const half = Math.floor(depth / 2);
      return '[{"a":'.repeat(half) + 'null' + '}]'.repeat(half);
    }
    return '['.repeat(depth);
  });

/** One field's value as JSON text, mostly of the wrong type. */
const valueText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: hostileText.map((text) => JSON.stringify(text)), weight: 12 },
  {
    arbitrary: fc
      .constantFrom(true, false, null, 0, 1, -1, 1.5, [], {}, [null], { a: 1 })
      .map((value) => JSON.stringify(value)),
    weight: 8,
  },
  { arbitrary: oddNumber, weight: 6 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 6 },
  { arbitrary: fc.uuid().map((id) => JSON.stringify(id)), weight: 2 },
  {
    arbitrary: fc.array(hostileText, { maxLength: 4 }).map((list) => JSON.stringify(list)),
    weight: 1,
  },
  {
    arbitrary: fc
      .dictionary(hostileText, hostileText, { maxKeys: 3 })
      .map((object) => JSON.stringify(object)),
    weight: 1,
  },
  { arbitrary: huge, weight: 1 },
  { arbitrary: deep, weight: 1 },
);

/** A field of the route (its index, modulo the route's field count) or a made-up one. */
const fieldPick: fc.Arbitrary<number | string> = fc.oneof(
  { arbitrary: fc.nat(50), weight: 6 },
  {
    arbitrary: fc.oneof(
      fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        'extra',
        '',
        ' ',
        'id',
        'account_id',
        'plan',
        'verified',
        'permission',
        'a'.repeat(1_000),
      ),
      anyText,
    ),
    weight: 1,
  },
);

type BodyDraft =
  | { kind: 'fields'; entries: [number | string, string][] }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: readonly number[] }
  | { kind: 'none' };

const bytes = (text: string) => [...Buffer.from(text)];
const malformedJson = fc.oneof(
  fc.constantFrom(
    '{',
    '}',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'NaN',
    'undefined',
    '{"a":NaN}',
    '{"a":Infinity}',
    '{"a":-Infinity}',
    '{"a":01}',
    '{"a":.5}',
    '{"a":"\\x41"}',
    '{"a":"\\u12"}',
    '{"a" 1}',
    '{a:1}',
    '"unterminated',
    '\uFEFF{}',
    '{}{}',
    '{"a":1}garbage',
    'null',
    'true',
    '""',
    '0',
    '[]',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    '//comment\n{}',
    '{"a":"\\ud800"}',
    '{"a":"\\udc00\\ud800"}',
    '{"a":"\\u0000"}',
    ' ',
    '\n\n',
  ),
  fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.nat()).map(([value, cut]) => {
    const text = JSON.stringify(value);
    return text.slice(0, cut % (text.length + 1));
  }),
  anyText,
);
const badBytes = fc.oneof(
  // Invalid UTF-8 inside a string: a lone surrogate as its raw UTF-8, 0xFF, an overlong '/', a
  // stray continuation byte.
  fc
    .constantFrom([0xed, 0xa0, 0x80], [0xff, 0xfe], [0xc0, 0xaf], [0x80], [0xf4, 0x90, 0x80, 0x80])
    .map((raw) => [...bytes('{"email":"a'), ...raw, ...bytes('b@example.test","name":"x"}')]),
  // Raw control characters JSON forbids inside strings.
  fc
    .constantFrom(0x00, 0x0a, 0x1b, 0x7f)
    .map((raw) => [...bytes('{"name":"x'), raw, ...bytes('y"}')]),
  fc.constant([...Buffer.from('{"name":"utf-16"}', 'utf16le')]),
  fc.constant([0xef, 0xbb, 0xbf, ...bytes('{"name":"bom"}')]),
  fc.uint8Array({ maxLength: 300 }).map((array) => [...array]),
);

const body: fc.Arbitrary<BodyDraft> = fc.oneof(
  {
    arbitrary: fc
      .array(fc.tuple(fieldPick, valueText), { maxLength: 6 })
      .map((entries) => ({ kind: 'fields' as const, entries })),
    weight: 34,
  },
  { arbitrary: malformedJson.map((text) => ({ kind: 'text' as const, text })), weight: 12 },
  { arbitrary: badBytes.map((raw) => ({ kind: 'bytes' as const, bytes: raw })), weight: 6 },
  { arbitrary: huge.map((text) => ({ kind: 'text' as const, text })), weight: 1 },
  { arbitrary: deep.map((text) => ({ kind: 'text' as const, text })), weight: 5 },
  {
    arbitrary: fc
      .jsonValue({ maxDepth: 4 })
      .map((value) => ({ kind: 'text' as const, text: JSON.stringify(value) })),
    weight: 6,
  },
  { arbitrary: fc.constant({ kind: 'text' as const, text: '' }), weight: 4 },
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 6 },
);

const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 16 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'APPLICATION/JSON',
      'application/json, text/html',
      'application/vnd.api+json',
      'application/csp-report',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=----x',
      'application/xml',
      'application/octet-stream',
      '*/*',
      ';;;',
      'application/json; boundary="',
      'none',
    ),
    weight: 4,
  },
);

/** A long run of one character; now and then past the 16 KB Node allows a request head (431). */
const longRun = (character: string) =>
  fc
    .oneof(
      { arbitrary: fc.integer({ min: 100, max: 4_000 }), weight: 9 },
      { arbitrary: fc.integer({ min: 16_000, max: 30_000 }), weight: 1 },
    )
    .map((length) => character.repeat(length));

/** Path parameters: garbage ids (percent-encoded, lone surrogates as raw bytes). */
const pathParam = fc.oneof(
  fc.uuid(),
  hostileText,
  fc.constantFrom('', '0', '-1', '1e400', 'null', 'in_local_x', '..', '.', '%', '%zz', '%00'),
  longRun('a'),
);

const queryValue = fc.oneof(
  hostileText,
  oddNumber,
  fc.constantFrom(
    '2026-01-01',
    '2026-12-31',
    '9999-12-31',
    '0000-01-01',
    '2026-02-30',
    '2026-1-1',
    '1900-01-01',
    'campaign',
    'revenue',
    'desc',
    '-1',
    '0',
    '100000000',
  ),
  longRun('9'),
);
const query = fc.array(
  fc.tuple(
    fieldPick,
    queryValue,
    fc.constantFrom('plain', 'plain', 'plain', 'array', 'object', 'raw-percent', 'no-value'),
  ),
  { maxLength: 6 },
);

interface Draft {
  body: BodyDraft;
  contentType: string;
  query: [number | string, string, string][];
  param: string;
  /** How an anonymous request presents itself. */
  anonymousAuth: string;
  xsrf: string;
  address: string;
  acceptLanguage: string;
  cookieNoise: string;
  chunked: boolean;
}

const address = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
      .map(([b, c, d]) => `10.${b}.${c}.${d}`),
    weight: 30,
  },
  {
    arbitrary: fc.constantFrom(
      'not-an-ip',
      '999.999.1.1',
      '::1',
      'fe80::1%eth0',
      '10.0.0.1, 10.0.0.2, 10.0.0.3',
      ',,,',
      '',
      'x'.repeat(2_000),
    ),
    weight: 1,
  },
);

const draft: fc.Arbitrary<Draft> = fc.record({
  body,
  contentType,
  query,
  param: pathParam,
  anonymousAuth: fc.oneof(
    { arbitrary: fc.constant('none'), weight: 6 },
    {
      arbitrary: fc.constantFrom('garbage', 'tampered', 'huge', 'basic', 'embed', 'empty'),
      weight: 3,
    },
  ),
  xsrf: fc.oneof(
    { arbitrary: fc.constant('pair'), weight: 14 },
    { arbitrary: fc.constantFrom('none', 'mismatch', 'header-only', 'cookie-only'), weight: 6 },
  ),
  address,
  acceptLanguage: fc.oneof(
    { arbitrary: fc.constant(''), weight: 8 },
    {
      arbitrary: fc.constantFrom(
        '*',
        'xx',
        'de',
        'en-US,en;q=0.9',
        'q=;;;',
        'a'.repeat(5_000),
        'zh-Hant-TW-x-private',
        ',,,',
        'en;q=abc',
        'fr;q=1e400',
        '\u00e9\u00ff',
      ),
      weight: 2,
    },
  ),
  cookieNoise: fc.oneof(
    { arbitrary: fc.constant(''), weight: 10 },
    {
      arbitrary: fc.constantFrom(
        'a=%E0%A4%A',
        'XSRF-TOKEN=other',
        '=;=;',
        `pp_device=${'x'.repeat(4_000)}`,
        'pp_device=a.b.c',
      ),
      weight: 1,
    },
  ),
  chunked: fc.oneof({ arbitrary: fc.constant(false), weight: 19 }, fc.constant(true)),
});

/** Percent-encodes any string, a lone surrogate as the raw bytes a hostile client would send. */
function percentEncode(value: string): string {
  return Array.from(value, (character) => {
    const code = character.charCodeAt(0);
    return character.length === 1 && code >= 0xd800 && code <= 0xdfff
      ? '%ED%A0%80'
      : encodeURIComponent(character);
  }).join('');
}

const pickField = (pick: number | string, fields: string[]) =>
  typeof pick === 'string' ? pick : fields.length > 0 ? fields[pick % fields.length]! : `f${pick}`;

const TEN_MB = Buffer.concat([
  Buffer.from('{"comment":"'),
  Buffer.alloc(10 * 1024 * 1024, 0x61),
  Buffer.from('"}'),
]);

interface Identity {
  token: string;
  embedSession: string;
}

/** The HTTP request a draft makes of a route, signed in as the owner or not. */
function requestFor(
  route: ApiRoute,
  value: Draft,
  signedIn: boolean,
  owner: Identity,
  tenMb: boolean,
): Sent {
  let path = route.url.replace(/:(\w+)/g, () => {
    const raw = value.param;
    return raw === '%' || raw === '%zz' || raw === '%00' ? raw : percentEncode(raw);
  });
  const takesQuery = route.method === 'GET' || route.queryFields.length > 0;
  const pairs = value.query
    .filter(() => takesQuery || value.query.length > 4)
    .map(([pick, text, form]) => {
      const key = percentEncode(pickField(pick, route.queryFields));
      const encoded = percentEncode(text);
      if (form === 'array') return `${key}=${encoded}&${key}=${encoded}`;
      if (form === 'object') return `${key}[a]=${encoded}`;
      if (form === 'raw-percent') return `${key}=%E0%A4${encoded}%`;
      if (form === 'no-value') return key;
      return `${key}=${encoded}`;
    });
  if (pairs.length > 0) path += `?${pairs.join('&')}`;

  const headers: Record<string, string> = {};
  // The owner's own sign-out would end the session every signed-in request uses: that route
  // gets a forged token instead.
  const asOwner = signedIn && !(route.method === 'DELETE' && route.url === '/api/auth');
  const xsrf = signedIn ? 'pair' : value.xsrf;
  if (asOwner) {
    headers.authorization =
      route.access === 'embed' ? `Embed ${owner.embedSession}` : `Bearer ${owner.token}`;
  } else {
    const auth = signedIn ? 'tampered' : value.anonymousAuth;
    const tampered = `${owner.token.slice(0, -2)}${owner.token.endsWith('AA') ? 'BB' : 'AA'}`;
    const forms: Record<string, string> = {
      garbage: 'Bearer a.b.c',
      tampered: route.access === 'embed' ? `Embed ${tampered}` : `Bearer ${tampered}`,
      huge: `Bearer ${'x'.repeat(9_000)}.y.z`,
      basic: 'Basic Zm9vOmJhcg==',
      embed: 'Embed a.b.c',
      empty: 'Bearer ',
    };
    const form = forms[auth];
    if (form !== undefined) headers.authorization = form;
  }
  const cookies: string[] = [];
  if (xsrf === 'pair' || xsrf === 'cookie-only') cookies.push(`XSRF-TOKEN=${XSRF}`);
  if (xsrf === 'mismatch') cookies.push('XSRF-TOKEN=something-else');
  if (xsrf === 'pair' || xsrf === 'header-only' || xsrf === 'mismatch') {
    headers['x-xsrf-token'] = XSRF;
  }
  if (value.cookieNoise) cookies.push(value.cookieNoise);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  headers['x-forwarded-for'] = value.address;
  if (value.acceptLanguage) headers['accept-language'] = value.acceptLanguage;

  let payload: Buffer | undefined;
  if (tenMb) payload = TEN_MB;
  else if (value.body.kind === 'fields') {
    const entries = value.body.entries.map(
      ([pick, text]) => `${JSON.stringify(pickField(pick, route.bodyFields))}:${text}`,
    );
    payload = Buffer.from(`{${entries.join(',')}}`);
  } else if (value.body.kind === 'text') payload = Buffer.from(value.body.text);
  else if (value.body.kind === 'bytes') payload = Buffer.from(value.body.bytes);
  if (payload !== undefined || value.body.kind === 'text') {
    if (value.contentType !== 'none') {
      headers['content-type'] = tenMb ? 'application/json' : value.contentType;
    }
  }
  return {
    method: route.method,
    path,
    headers,
    ...(payload ? { body: payload } : {}),
    chunked: value.chunked && !tenMb,
  };
}

// ---------------------------------------------------------------------------------------------
// Part A.

interface ServerError {
  route: string;
  signedIn: boolean;
  status: number;
  path: string;
  contentType: string;
  bodyBytes: number;
  bodyExcerpt: string;
  answer: string;
  requestId: string | null;
  log: string[];
}

interface FuzzResult {
  requests: number;
  seconds: number;
  classes: Record<string, number>;
  statuses: Record<string, number>;
  networkErrors: Record<string, number>;
  /** Requests without an answer, by what they sent. */
  noAnswerBy: Record<string, number>;
  noAnswerSamples: string[];
  retried: number;
  serverErrors: number;
  firstServerErrors: ServerError[];
  serverErrorsByRoute: Record<string, number>;
  /** The 10 MB bodies: routes by answer. */
  tenMb: Record<string, string[]>;
  ownerStillSignedIn: boolean;
}

/** What kind of request it was, as far as the HTTP layer is concerned. */
function sentShape(request: Sent): string {
  const length = request.body?.length ?? 0;
  if (request.path.length + headerBytes(request) > 16_384) return 'headers over 16 KB';
  if (length > MAX_BODY_BYTES)
    return request.chunked ? 'chunked body over 1 MiB' : 'body over 1 MiB';
  return request.chunked ? 'chunked body up to 1 MiB' : 'body up to 1 MiB';
}

function headerBytes(request: Sent): number {
  return Object.entries(request.headers).reduce(
    (sum, [name, value]) => sum + name.length + value.length + 4,
    0,
  );
}

function excerpt(body: Buffer | undefined): string {
  if (!body) return '(none)';
  const text = JSON.stringify(body.subarray(0, 300).toString('utf8'));
  return body.length > 300 ? `${text}… (${body.length.toLocaleString('en')} bytes)` : text;
}

function logAround(server: Server, requestId: string | null, logFrom: number): string[] {
  const lines = server.log;
  if (requestId) {
    const index = lines.findIndex((line) => line.includes(requestId));
    if (index >= 0) {
      const matching = lines.filter((line) => line.includes(requestId));
      return [...lines.slice(Math.max(0, index - 3), index), ...matching].slice(0, 40);
    }
  }
  return lines.slice(Math.max(0, logFrom - 5), logFrom + 10);
}

async function fuzz(server: Server, routes: ApiRoute[], owner: Identity): Promise<FuzzResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FUZZ_IN_FLIGHT });
  const result: FuzzResult = {
    requests: 0,
    seconds: 0,
    classes: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, 'no answer': 0 },
    statuses: {},
    networkErrors: {},
    noAnswerBy: {},
    noAnswerSamples: [],
    retried: 0,
    serverErrors: 0,
    firstServerErrors: [],
    serverErrorsByRoute: {},
    tenMb: {},
    ownerStillSignedIn: false,
  };
  const started = performance.now();
  let nextIndex = 0;
  let batchIndex = -1;
  let batch: Draft[] = [];
  const pending: Promise<void>[] = [];
  const drawn = (index: number): Draft => {
    const wanted = Math.floor(index / BATCH);
    if (wanted !== batchIndex) {
      batchIndex = wanted;
      batch = fc.sample(draft, { seed: (seed + wanted * 7_919) % 2 ** 31, numRuns: BATCH });
    }
    return batch[index % BATCH]!;
  };
  await pool(FUZZ_IN_FLIGHT, async () => {
    if (nextIndex >= REQUESTS || server.exited) return false;
    const index = nextIndex;
    nextIndex += 1;
    const signedIn = index % 2 === 0;
    const route = routes[Math.floor(index / 2) % routes.length]!;
    const tenMb = index % TEN_MB_EVERY === TEN_MB_EVERY / 2;
    const request = requestFor(route, drawn(index), signedIn, owner, tenMb);
    const logFrom = server.log.length;
    const answer = await send(agent, server.port, request);
    result.requests += 1;
    if (answer.retried) result.retried += 1;
    const key = `${route.method} ${route.url}`;
    if (answer.status === null) {
      result.classes['no answer']! += 1;
      const code = answer.error ?? 'unknown';
      result.networkErrors[code] = (result.networkErrors[code] ?? 0) + 1;
      const shape = sentShape(request);
      result.noAnswerBy[shape] = (result.noAnswerBy[shape] ?? 0) + 1;
      if (result.noAnswerSamples.length < 10) {
        result.noAnswerSamples.push(
          `${code} on ${key}: ${shape}, ${n(request.body?.length ?? 0)} body bytes, ${n(headerBytes(request))} header bytes, path ${n(request.path.length)} chars`,
        );
      }
    } else {
      const statusClass = `${Math.floor(answer.status / 100)}xx`;
      result.classes[statusClass] = (result.classes[statusClass] ?? 0) + 1;
      result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
    }
    if (tenMb) {
      const outcome = answer.status === null ? `no answer (${answer.error})` : `${answer.status}`;
      (result.tenMb[outcome] ??= []).push(key);
    }
    if (answer.status !== null && answer.status >= 500) {
      result.serverErrors += 1;
      result.serverErrorsByRoute[key] = (result.serverErrorsByRoute[key] ?? 0) + 1;
      if (result.firstServerErrors.length < 20) {
        const record: ServerError = {
          route: key,
          signedIn,
          status: answer.status,
          path: request.path.length > 300 ? `${request.path.slice(0, 300)}…` : request.path,
          contentType: request.headers['content-type'] ?? '(none)',
          bodyBytes: request.body?.length ?? 0,
          bodyExcerpt: excerpt(request.body),
          answer: answer.text.slice(0, 300),
          requestId: answer.requestId,
          log: [],
        };
        result.firstServerErrors.push(record);
        // The log line is written as the answer goes; give the pipe a moment.
        pending.push(
          sleep(500).then(() => {
            record.log = logAround(server, answer.requestId, logFrom);
          }),
        );
      }
    }
    if (result.requests % Math.max(1, Math.floor(REQUESTS / 10)) === 0) {
      const elapsed = (performance.now() - started) / 1000;
      console.log(
        `  ${result.requests.toLocaleString('en')} sent in ${elapsed.toFixed(0)} s: ${Object.entries(
          result.classes,
        )
          .map(([name, count]) => `${name} ${count}`)
          .join(', ')}; RSS ${rssMb(server.pid)} MB`,
      );
    }
    return true;
  });
  result.seconds = (performance.now() - started) / 1000;
  await Promise.all(pending);
  if (!server.exited) {
    const check = await send(agent, server.port, {
      method: 'GET',
      path: '/api/user',
      headers: { authorization: `Bearer ${owner.token}`, cookie: `XSRF-TOKEN=${XSRF}` },
    });
    result.ownerStillSignedIn = check.status === 200;
  }
  agent.destroy();
  return result;
}

/** A mix of ordinary successful calls, so the baseline is taken on a warm server. */
async function warmUp(server: Server, owner: Identity): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: FUZZ_IN_FLIGHT });
  const auth = { authorization: `Bearer ${owner.token}`, cookie: `XSRF-TOKEN=${XSRF}` };
  const calls: Sent[] = [
    { method: 'GET', path: '/api/user', headers: auth },
    { method: 'GET', path: '/api/health', headers: {} },
    { method: 'GET', path: '/api/account/users', headers: auth },
    { method: 'GET', path: '/api/account/billing', headers: auth },
    { method: 'GET', path: '/api/sigma/workbook', headers: auth },
    { method: 'GET', path: '/api/notification', headers: auth },
    {
      method: 'GET',
      path: `/api/embed/kpis?${rangeQuery()}`,
      headers: { authorization: `Embed ${owner.embedSession}` },
    },
  ];
  let sent = 0;
  let failed = 0;
  await pool(FUZZ_IN_FLIGHT, async () => {
    if (sent >= WARM_UP_REQUESTS) return false;
    const call = calls[sent % calls.length]!;
    sent += 1;
    const answer = await send(agent, server.port, call);
    if (answer.status !== 200) failed += 1;
    return true;
  });
  agent.destroy();
  if (failed > 0) console.log(`  warm-up: ${failed} of ${sent} calls were not 200`);
}

/** The last 30 days, as the dashboard asks by default. */
function rangeQuery(): string {
  const day = (offset: number) =>
    new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(29)}&to=${day(0)}`;
}

// ---------------------------------------------------------------------------------------------
// Part B.

const KINDS = [
  'sign-in: POST /api/auth',
  'profile: GET /api/user',
  'dashboard: POST /api/sigma/workbook/embed',
  'dashboard: POST /api/embed/session',
  'dashboard: GET /api/embed/kpis',
  'users screen: GET /api/account/users',
  'billing screen: GET /api/account/billing',
] as const;
type Kind = (typeof KINDS)[number];

interface KindStats {
  latencies: number[];
  errors: number;
  rateLimited: number;
  statuses: Record<string, number>;
}

interface MixedResult {
  seconds: number;
  retried: number;
  kinds: Record<Kind, KindStats>;
  all: KindStats;
  errorSamples: string[];
}

async function mixedLoad(
  server: Server,
  tokens: { owner: string; admin: string },
): Promise<MixedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: MIXED_CONNECTIONS });
  const blank = (): KindStats => ({ latencies: [], errors: 0, rateLimited: 0, statuses: {} });
  const kinds = Object.fromEntries(KINDS.map((kind) => [kind, blank()])) as Record<Kind, KindStats>;
  const all = blank();
  const errorSamples: string[] = [];
  const range = rangeQuery();
  let retried = 0;

  const record = (kind: Kind, answer: Answer): boolean => {
    const stats = kinds[kind];
    if (answer.retried) retried += 1;
    const label = answer.status === null ? `no answer (${answer.error})` : String(answer.status);
    for (const target of [stats, all]) {
      target.latencies.push(answer.ms);
      target.statuses[label] = (target.statuses[label] ?? 0) + 1;
    }
    if (answer.status === 200) return true;
    if (answer.status === 429) {
      stats.rateLimited += 1;
      all.rateLimited += 1;
      return false;
    }
    stats.errors += 1;
    all.errors += 1;
    if (errorSamples.length < 10) {
      errorSamples.push(`${kind}: ${label} ${answer.text.slice(0, 200)}`);
    }
    return false;
  };
  const bearer = (token: string) => ({
    authorization: `Bearer ${token}`,
    cookie: `XSRF-TOKEN=${XSRF}`,
  });
  const someone = () => (randomInt(2) === 0 ? tokens.owner : tokens.admin);
  const get = (path: string, headers: Record<string, string>): Sent => ({
    method: 'GET',
    path,
    headers: { ...headers, 'x-forwarded-for': randomAddress() },
  });

  // Weights in percent. A sign-in costs an argon2 hash (about 70 ms of one core), and the server
  // hashes on half the cores with a short queue, then answers 503 + Retry-After: this 2-core
  // machine signs in about 14 people a second. Fifty connections that never pause, one call in
  // ten a sign-in, ask for three times that; 3 % is a busy service's share and stays under it.
  const flows: [number, () => Promise<void>][] = [
    [
      3,
      async () => {
        const emails = Object.values(DEMO);
        const email = emails[randomInt(emails.length)]!;
        record(
          'sign-in: POST /api/auth',
          await send(agent, server.port, postJson('/api/auth', { email, password: DEMO_PASSWORD })),
        );
      },
    ],
    [
      47,
      async () => {
        record(
          'profile: GET /api/user',
          await send(agent, server.port, get('/api/user', bearer(someone()))),
        );
      },
    ],
    [
      20,
      async () => {
        const token = someone();
        const minted = await send(
          agent,
          server.port,
          postJson(
            '/api/sigma/workbook/embed',
            { workbook_id: CORE_WORKBOOK },
            { authorization: `Bearer ${token}` },
          ),
        );
        if (!record('dashboard: POST /api/sigma/workbook/embed', minted)) return;
        const url = (JSON.parse(minted.text) as { data: { url: string } }).data.url;
        const opened = await send(
          agent,
          server.port,
          postJson('/api/embed/session', {
            workbook_id: CORE_WORKBOOK,
            token: new URL(url).searchParams.get('token'),
          }),
        );
        if (!record('dashboard: POST /api/embed/session', opened)) return;
        const session = (JSON.parse(opened.text) as { data: { session: string } }).data.session;
        record(
          'dashboard: GET /api/embed/kpis',
          await send(
            agent,
            server.port,
            get(`/api/embed/kpis?${range}`, { authorization: `Embed ${session}` }),
          ),
        );
      },
    ],
    [
      20,
      async () => {
        record(
          'users screen: GET /api/account/users',
          await send(agent, server.port, get('/api/account/users', bearer(someone()))),
        );
      },
    ],
    [
      10,
      async () => {
        record(
          'billing screen: GET /api/account/billing',
          await send(agent, server.port, get('/api/account/billing', bearer(tokens.owner))),
        );
      },
    ],
  ];
  const total = flows.reduce((sum, [weight]) => sum + weight, 0);
  const pick = () => {
    let roll = randomInt(total);
    for (const [weight, flow] of flows) {
      if (roll < weight) return flow;
      roll -= weight;
    }
    return flows[0]![1];
  };

  const started = performance.now();
  const deadline = started + MIXED_SECONDS * 1_000;
  await pool(MIXED_CONNECTIONS, async () => {
    if (performance.now() >= deadline || server.exited) return false;
    await pick()();
    return true;
  });
  agent.destroy();
  return { seconds: (performance.now() - started) / 1000, retried, kinds, all, errorSamples };
}

// ---------------------------------------------------------------------------------------------
// The report.

interface Memory {
  baseline: number;
  peak: number;
  after10: number;
  after30: number | null;
  bound: number;
  returned: boolean;
  afterMixed: { peak: number; after10: number } | null;
}

const verdict = (met: boolean) => (met ? 'met' : '**missed**');

function report(
  routes: ApiRoute[],
  fuzzed: FuzzResult,
  memory: Memory,
  mixed: MixedResult | null,
  serverExit: Server['exited'],
): string {
  const classRows = Object.entries(fuzzed.classes).map(
    ([name, count]) => `| ${name} | ${n(count)} |`,
  );
  const statuses = Object.entries(fuzzed.statuses)
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${status} × ${n(count)}`)
    .join(', ');
  const network = Object.entries(fuzzed.networkErrors)
    .map(([code, count]) => `${code} × ${n(count)}`)
    .join(', ');
  const noAnswerBy = Object.entries(fuzzed.noAnswerBy)
    .map(([shape, count]) => `${shape} × ${n(count)}`)
    .join(', ');
  const tenMb = Object.entries(fuzzed.tenMb)
    .map(([outcome, list]) => `${outcome} × ${list.length} (${list.join(', ')})`)
    .join('; ');
  const tenMbSent = Object.values(fuzzed.tenMb).reduce((sum, list) => sum + list.length, 0);
  const serverErrorLines = fuzzed.firstServerErrors.flatMap((error, index) => [
    `${index + 1}. ${error.status} on \`${error.route}\` (${error.signedIn ? 'signed in' : 'anonymous'}), path \`${error.path}\`, content-type \`${error.contentType}\`, ${n(error.bodyBytes)} body bytes: ${error.bodyExcerpt}`,
    `   answer: \`${error.answer.replace(/`/g, "'")}\``,
    '   ```',
    ...error.log.map((line) => `   ${line.length > 2_000 ? `${line.slice(0, 2_000)}…` : line}`),
    '   ```',
  ]);

  const mixedRows = mixed
    ? [...KINDS.map((kind) => [kind, mixed.kinds[kind]] as const), ['all', mixed.all] as const].map(
        ([kind, stats]) =>
          `| ${kind} | ${n(stats.latencies.length)} | ${stats.errors} | ${percentile(stats.latencies, 50)} | ${percentile(stats.latencies, 95)} | ${percentile(stats.latencies, 99)} |`,
      )
    : [];
  const mixedStatuses = mixed
    ? KINDS.filter((kind) => mixed.kinds[kind].latencies.length > 0)
        .map(
          (kind) =>
            `${kind}: ${Object.entries(mixed.kinds[kind].statuses)
              .map(([status, count]) => `${status} × ${n(count)}`)
              .join(', ')}`,
        )
        .map((line) => `- ${line}`)
    : [];

  const after30 = memory.after30 === null ? '' : `, after 30 s idle ${memory.after30} MB`;
  const mixedErrors = mixed ? mixed.all.errors : null;
  const busy = mixed?.kinds['sign-in: POST /api/auth'].statuses['503'] ?? 0;
  const busyNote =
    busy > 0
      ? ` (${n(busy)} of them 503 "We are handling many sign-ins right now" with Retry-After from the password-hashing gate: ${hashingGate()})`
      : '';
  return [
    HEADING,
    '',
    `Measured ${new Date().toISOString()} with \`npm run bench:abuse\`: the built server (\`node apps/server/dist/server.js\`, embedded database with the demo data, TRUST_PROXY=true, LOG_LEVEL=warn) in its own process, driven over HTTP from the bench process on a shared machine (${availableParallelism()} CPUs, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ')} at the end).`,
    ...(serverExit
      ? [
          '',
          `**The server exited during the run** (code ${serverExit.code}, ${serverExit.signal}).`,
        ]
      : []),
    '',
    '### Bad requests',
    '',
    `fast-check seed ${seed} (replay with \`FC_SEED=${seed}\`): ${n(fuzzed.requests)} requests over all ${routes.length} API routes of the route table (path parameters filled with garbage ids), half with the demo owner's bearer token and XSRF pair, half anonymous, ${FUZZ_IN_FLIGHT} in flight on keep-alive sockets, each from its own X-Forwarded-For address: ${fuzzed.seconds.toFixed(0)} s, ${n(Math.round(fuzzed.requests / fuzzed.seconds))} requests/s. Bodies: malformed JSON, wrong types per field, strings up to 1.1 MB, nesting 1,000–100,000 deep, lone surrogates and NUL (escaped and as raw bytes), invalid UTF-8, 1e400 / -0 / "NaN", unknown and \`__proto__\` fields, empty bodies with a JSON content type, wrong content types, chunked bodies, and one 10 MB body in every ${n(TEN_MB_EVERY)}.`,
    '',
    '| status class | requests |',
    '|---|---|',
    ...classRows,
    '',
    `By status: ${statuses}.${network ? ` No answer: ${network}; by what was sent: ${noAnswerBy}.` : ''} ${n(fuzzed.retried)} requests were sent a second time, on a fresh socket, after the kept-alive socket they were given turned out closed by the server (Fastify answers a request head over 16 KB with 431, and a request Node's HTTP parser refuses with 400, without \`Connection: close\` and then destroys the socket, so a keep-alive client hands the dead socket to its next request); only the second answer counts.`,
    ...(fuzzed.noAnswerSamples.length > 0
      ? [
          '',
          'First requests without an answer:',
          '',
          ...fuzzed.noAnswerSamples.map((line) => `- ${line}`),
        ]
      : []),
    '',
    `10 MB bodies: ${tenMbSent} sent: ${tenMb || '—'}. The owner's session ${fuzzed.ownerStillSignedIn ? 'still worked after the run' : '**no longer worked after the run**'}.`,
    '',
    `**5xx: ${n(fuzzed.serverErrors)}** (goal 0: ${verdict(fuzzed.serverErrors === 0)}).`,
    ...(fuzzed.serverErrors > 0
      ? [
          '',
          `5xx by route: ${Object.entries(fuzzed.serverErrorsByRoute)
            .map(([route, count]) => `\`${route}\` × ${count}`)
            .join(', ')}. The first ${fuzzed.firstServerErrors.length}, with the server's log:`,
          '',
          ...serverErrorLines,
        ]
      : []),
    '',
    `Server memory (VmRSS of the server process): baseline ${memory.baseline} MB after ${n(WARM_UP_REQUESTS)} good requests and 10 s idle, peak ${memory.peak} MB during the bad requests, ${memory.after10} MB after 10 s idle${after30}. Back to baseline (≤ ${memory.bound} MB, baseline + max(25 %, 40 MB)): ${memory.returned ? 'yes' : '**no**'}.${memory.afterMixed ? ` During the mixed load the peak was ${memory.afterMixed.peak} MB, and 10 s after it ${memory.afterMixed.after10} MB.` : ''}`,
    '',
    '### Mixed load',
    '',
    ...(mixed
      ? [
          `${MIXED_CONNECTIONS} connections for ${mixed.seconds.toFixed(0)} s, each repeating a pick of: 3 % password sign-ins (the three demo users, each from its own address), 47 % GET /api/user, 20 % a dashboard view (embed URL, embed session, KPIs of the last 30 days), 20 % the users screen, 10 % the billing screen (owner and admin sessions signed in once at the start). ${n(mixed.all.latencies.length)} requests, ${n(Math.round(mixed.all.latencies.length / mixed.seconds))} requests/s. Errors are network errors, 5xx and 4xx other than 429; ${n(mixed.all.rateLimited)} answers were 429; ${n(mixed.retried)} requests were sent again after a reset of a reused keep-alive socket.`,
          '',
          '| kind | requests | errors | p50 ms | p95 ms | p99 ms |',
          '|---|---|---|---|---|---|',
          ...mixedRows,
          '',
          'Answers by kind:',
          '',
          ...mixedStatuses,
          ...(mixed.errorSamples.length > 0
            ? ['', 'First errors:', '', ...mixed.errorSamples.map((line) => `- \`${line}\``)]
            : []),
        ]
      : ['Not run: the server did not survive the bad requests.']),
    '',
    '### Goals',
    '',
    '| goal | result |',
    '|---|---|',
    `| no 5xx among ${n(fuzzed.requests)} bad requests | ${n(fuzzed.serverErrors)}: ${verdict(fuzzed.serverErrors === 0 && !serverExit)} |`,
    `| memory back to baseline after them | ${memory.after30 ?? memory.after10} MB of ≤ ${memory.bound} MB: ${verdict(memory.returned)} |`,
    `| no errors under the mixed load | ${mixedErrors === null ? 'not run' : n(mixedErrors)}${busyNote}: ${verdict(mixedErrors === 0)} |`,
    '',
  ].join('\n');
}

/** The server's default password-hashing limits on this machine (no PASSWORD_HASH_* set). */
function hashingGate(): string {
  const { concurrency, queue } = hashingLimits();
  return `${concurrency} hash${concurrency === 1 ? '' : 'es'} at a time and ${queue} waiting on ${availableParallelism()} CPUs, beyond which a sign-in is refused at once`;
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(
    `fast-check seed ${seed} (replay with FC_SEED=${seed}); ${n(REQUESTS)} bad requests, then ${MIXED_SECONDS} s of mixed load`,
  );
  const routes = await listApiRoutes();
  console.log(`${routes.length} API routes in the route table`);

  const server = await startServer();
  try {
    console.log(`server pid ${server.pid} on ${server.url}`);
    const setup = new http.Agent({ keepAlive: true });
    const ownerToken = await signIn(setup, server.port, DEMO.owner);
    const adminToken = await signIn(setup, server.port, DEMO.admin);
    const owner: Identity = {
      token: ownerToken,
      embedSession: await embedSession(setup, server.port, ownerToken),
    };
    setup.destroy();

    await warmUp(server, owner);
    // Idle as long as before the reading after the run, so both catch the heap equally settled.
    await sleep(10_000);
    const baseline = rssMb(server.pid);
    const bound = Math.round(Math.max(baseline * 1.25, baseline + 40) * 10) / 10;
    console.log(`RSS baseline ${baseline} MB (back to baseline: ≤ ${bound} MB)`);

    console.log('Part A: bad requests');
    const sampler = rssSampler(server.pid);
    const fuzzed = await fuzz(server, routes, owner);
    const peak = sampler.stop();
    const memory: Memory = {
      baseline,
      peak,
      after10: NaN,
      after30: null,
      bound,
      returned: false,
      afterMixed: null,
    };
    let mixed: MixedResult | null = null;
    if (!server.exited) {
      await sleep(10_000);
      memory.after10 = rssMb(server.pid);
      memory.returned = memory.after10 <= bound;
      if (!memory.returned) {
        await sleep(20_000);
        memory.after30 = rssMb(server.pid);
        memory.returned = memory.after30 <= bound;
      }
      console.log(
        `RSS peak ${peak} MB, after 10 s ${memory.after10} MB${memory.after30 === null ? '' : `, after 30 s ${memory.after30} MB`}`,
      );

      console.log(`Part B: mixed load, ${MIXED_CONNECTIONS} connections for ${MIXED_SECONDS} s`);
      const mixedSampler = rssSampler(server.pid);
      mixed = await mixedLoad(server, { owner: ownerToken, admin: adminToken });
      const mixedPeak = mixedSampler.stop();
      if (!server.exited) {
        await sleep(10_000);
        memory.afterMixed = { peak: mixedPeak, after10: rssMb(server.pid) };
      }
    }
    if (server.exited) {
      console.log(`The server exited: ${JSON.stringify(server.exited)}`);
      console.log(server.log.slice(-50).join('\n'));
    }

    const section = report(routes, fuzzed, memory, mixed, server.exited);
    writeSection(section);
    console.log(`\n${section}`);
  } finally {
    await stopServer();
  }
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(error);
    await stopServer();
    process.exit(1);
  },
);
