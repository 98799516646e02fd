// Part B of the abuse bench: 50 connections doing what people do (bench/abuse.ts).

import { randomInt } from 'node:crypto';
import http from 'node:http';
import {
  CORE_WORKBOOK,
  DEMO,
  DEMO_PASSWORD,
  MIXED_CONNECTIONS,
  MIXED_SECONDS,
  XSRF,
} from './abuse-config';
import { type Answer, type Sent, pool, postJson, randomAddress, send } from './abuse-http';
import { type Server } from './abuse-server';
import { rangeQuery } from './fuzz';

// Part B.

export const KINDS = [
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

export interface MixedResult {
  seconds: number;
  retried: number;
  kinds: Record<Kind, KindStats>;
  all: KindStats;
  errorSamples: string[];
}

export async function mixedLoad(
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
