// Part A of the abuse bench: the bad requests over every route (bench/abuse.ts).

import http from 'node:http';
import { MAX_BODY_BYTES } from '@partner-portal/shared/constants';
import fc from 'fast-check';
import {
  BATCH,
  FUZZ_IN_FLIGHT,
  REQUESTS,
  TEN_MB_EVERY,
  WARM_UP_REQUESTS,
  XSRF,
  n,
  seed,
} from './abuse-config';
import { type Sent, pool, send } from './abuse-http';
import { type Server, rssMb, sleep } from './abuse-server';
import { type ApiRoute } from './api-routes';
import { type Draft, type Identity, draft, requestFor } from './bad-requests';

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

export interface FuzzResult {
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

export async function fuzz(
  server: Server,
  routes: ApiRoute[],
  owner: Identity,
): Promise<FuzzResult> {
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
export async function warmUp(server: Server, owner: Identity): Promise<void> {
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
export function rangeQuery(): string {
  const day = (offset: number) =>
    new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  return `from=${day(29)}&to=${day(0)}`;
}
