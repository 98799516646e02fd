// The hot path (issue "Production readiness"): GET /api/user with the demo owner's session, on the
// app as `npm start` serves it, against two references measured in the same run on this machine —
// the same call written plainly with Express + jsonwebtoken + pg (bench/peers/express-user.ts) and
// a bare Fastify hello world (bench/peers/fastify-hello.ts). Only the ratios mean anything on a
// shared machine. Also: boot time to the first 200 on /api/health, fresh and on existing data.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { startAppServer } from '../e2e/fixtures/app-server';
import { findFreePort } from '../e2e/fixtures/free-port';
import { withBenchServer } from './bench-server';
import { signIn } from './signin-flood';

export interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface HotPathBench {
  hello: Throughput;
  peer: Throughput | null;
  app: { pglite: Throughput; postgres: Throughput | null };
  /** GET /api/account/users with the owner's session and with an API key of theirs. */
  keys: { session: Throughput; key: Throughput };
  boot: { freshMs: number; restartMs: number };
}

const repoRoot = new URL('..', import.meta.url).pathname;
const XSRF = 'bench-xsrf-token';
const SECRET = randomBytes(32).toString('hex');

async function load(
  url: string,
  seconds: number,
  connections: number,
  token?: string,
  options: { apiKey?: boolean } = {},
) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    // What the SPA sends: the bearer token and the XSRF cookie it was handed on its first call;
    // an integration sends its key alone.
    ...(token
      ? {
          headers: options.apiKey
            ? { authorization: `Bearer ${token}` }
            : { authorization: `Bearer ${token}`, cookie: `XSRF-TOKEN=${XSRF}` },
        }
      : {}),
  });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** A reference server in its own process group, ended by its pid. */
async function startPeer(script: string, env: Record<string, string>) {
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port) },
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    },
  };
}

/** A key of the signed-in owner's that may list the team. */
async function createApiKey(url: string, token: string): Promise<string> {
  const response = await fetch(`${url}/api/key`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
    },
    body: JSON.stringify({ name: 'bench', scope: ['user.read'] }),
  });
  const body = (await response.json()) as { data?: { key?: string } };
  if (!body.data?.key) throw new Error(`key not created: ${response.status}`);
  return body.data.key;
}

async function timeBoot(env: Record<string, string>, dataDir?: string) {
  const port = await findFreePort();
  const started = Date.now();
  const server = await startAppServer(port, env, { ...(dataDir ? { dataDir } : {}), pollMs: 10 });
  return { server, ms: Date.now() - started };
}

export async function runHotPathBench(
  postgresUrl: string | undefined,
  seconds: number,
  connections: number,
): Promise<HotPathBench> {
  // The key's own rate (600 a minute) would answer most of the load with 429.
  const appEnv = {
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'true',
    SESSION_SECRET: SECRET,
    API_KEY_RATE_LIMIT: '1000000',
  };

  const hello = await startPeer('bench/peers/fastify-hello.ts', {});
  let helloResult: Throughput;
  try {
    helloResult = await load(`${hello.url}/hello`, seconds, connections);
  } finally {
    hello.stop();
  }

  const fresh = await timeBoot(appEnv);
  await fresh.server.stop({ keepData: true });
  const restart = await timeBoot(appEnv, fresh.server.dataDir);
  let pglite: Throughput;
  let keys: HotPathBench['keys'];
  try {
    const token = await signIn(restart.server.url);
    pglite = await load(`${restart.server.url}/api/user`, seconds, connections, token);
    const users = `${restart.server.url}/api/account/users`;
    const key = await createApiKey(restart.server.url, token);
    keys = {
      session: await load(users, seconds, connections, token),
      key: await load(users, seconds, connections, key, { apiKey: true }),
    };
  } finally {
    await restart.server.stop();
  }

  let peer: Throughput | null = null;
  let postgres: Throughput | null = null;
  if (postgresUrl) {
    await withBenchServer(postgresUrl, 'hot_path', appEnv, async (app, databaseUrl) => {
      const token = await signIn(app.url);
      postgres = await load(`${app.url}/api/user`, seconds, connections, token);
      const express = await startPeer('bench/peers/express-user.ts', {
        DATABASE_URL: databaseUrl,
        SESSION_SECRET: SECRET,
      });
      try {
        peer = await load(`${express.url}/api/user`, seconds, connections, token);
      } finally {
        express.stop();
      }
    });
  }
  return {
    hello: helloResult,
    peer,
    app: { pglite, postgres },
    keys,
    boot: { freshMs: fresh.ms, restartMs: restart.ms },
  };
}
