import type { HotPathBench, Throughput } from './hot-path';

// Goals of the hot path, as ratios measured in one run (only ratios hold on a shared machine).
const PEER_MULTIPLE_GOAL = 5;
const HELLO_SHARE_GOAL = 0.4;

const verdict = (met: boolean) => (met ? 'met' : '**missed**');
const row = (name: string, result: Throughput) =>
  `| ${name} | ${result.rps.toLocaleString('en')} | ${result.p50} | ${result.p99} | ${result.errors} |`;

/** The markdown section of bench/results/latest.md for the hot path and boot time. */
export function hotPathSection(bench: HotPathBench): string[] {
  const ratios = (['pglite', 'postgres'] as const).flatMap((kind) => {
    const app = bench.app[kind];
    if (!app) return [];
    const name = kind === 'pglite' ? 'embedded database (PGlite)' : 'PostgreSQL';
    const share = app.rps / bench.hello.rps;
    const multiple = bench.peer ? app.rps / bench.peer.rps : null;
    return [
      `| ${name} | ${multiple === null ? '—' : `${multiple.toFixed(1)}× (goal ≥ ${PEER_MULTIPLE_GOAL}×: ${verdict(multiple >= PEER_MULTIPLE_GOAL)})`} | ${(share * 100).toFixed(0)} % (goal ≥ ${HELLO_SHARE_GOAL * 100} %: ${verdict(share >= HELLO_SHARE_GOAL)}) |`,
    ];
  });
  return [
    '## Hot path: GET /api/user',
    '',
    "The demo owner's GET /api/user (bearer token and XSRF cookie, as the app sends them) on the app as `npm start` serves it, against the same call written with Express + jsonwebtoken + helmet + pg (two queries, bench/peers/express-user.ts, on the same PostgreSQL database) and a bare Fastify hello world, all in this run.",
    '',
    '| server | requests/s | p50 ms | p99 ms | errors + non-2xx |',
    '|---|---|---|---|---|',
    row('Fastify hello world (ceiling)', bench.hello),
    ...(bench.peer ? [row('Express + jsonwebtoken + pg (peer)', bench.peer)] : []),
    ...(bench.app.postgres ? [row('app on PostgreSQL', bench.app.postgres)] : []),
    row('app on the embedded database', bench.app.pglite),
    '',
    '| app on | × the Express peer | share of Fastify hello |',
    '|---|---|---|',
    ...ratios,
    '',
    `Boot to the first 200 on /api/health (embedded database): ${bench.boot.freshMs} ms on a new data directory (migrations and demo data included), ${bench.boot.restartMs} ms on existing data.`,
    '',
  ];
}

/** The section comparing a key-authenticated call with the same call on a session. */
export function apiKeySection(bench: HotPathBench): string[] {
  return [
    '## API key or session: GET /api/account/users',
    '',
    "The demo owner's team list on the embedded database, called with their session and with an API key of theirs holding `user.read` (the key's own rate limit raised for the run). A key call checks its checksum, its cached hash, scope, creator permission and rate, and counts its use in memory.",
    '',
    '| caller | requests/s | p50 ms | p99 ms | errors + non-2xx |',
    '|---|---|---|---|---|',
    row('session', bench.keys.session),
    row('API key', bench.keys.key),
    '',
    `The key answers ${((bench.keys.key.rps / bench.keys.session.rps) * 100).toFixed(0)} % of the session's requests/s.`,
    '',
  ];
}
