// The abuse bench's section of bench/results/latest.md (bench/abuse.ts).

import { availableParallelism, loadavg } from 'node:os';
import { hashingLimits } from '../../apps/server/src/lib/password';
import { percentile } from '../timing';
import {
  FUZZ_IN_FLIGHT,
  HEADING,
  MIXED_CONNECTIONS,
  TEN_MB_EVERY,
  WARM_UP_REQUESTS,
  n,
  seed,
} from './abuse-config';
import { type Server } from './abuse-server';
import { type ApiRoute } from './api-routes';
import { type FuzzResult } from './fuzz';
import { KINDS, type MixedResult } from './mixed-load';

// The report.

export interface Memory {
  baseline: number;
  peak: number;
  after10: number;
  after30: number | null;
  bound: number;
  returned: boolean;
  afterMixed: { peak: number; after10: number } | null;
}

const verdict = (met: boolean) => (met ? 'met' : '**missed**');

export function report(
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
