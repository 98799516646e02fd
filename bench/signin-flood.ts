// A sign-in flood against a signed-in user's hot path (docs/security.md "A sign-in flood starves
// no one"): GET /api/user measured idle, then again while wrong passwords pour in from many
// addresses at the rate an outside probe used (55–65 sign-ins/s). Goal: p99 during the flood
// ≤ 3× idle. Both measurements run in this process against one app server, so only the ratio
// matters on a shared machine.
import { randomInt, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startAppServer } from '../e2e/fixtures/app-server';
import { findFreePort } from '../e2e/fixtures/free-port';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo-password';

export interface FloodBench {
  idle: { p50: number; p99: number; rps: number };
  flood: { p50: number; p99: number; rps: number; errors: number };
  signins: { sent: number; byStatus: Record<string, number> };
  ratio: number;
  target: number;
}

const DEMO_OWNER = { email: 'owner@demo.test', password: DEMO_PASSWORD };
const XSRF = 'bench-xsrf-token';
const SIGNINS_PER_SECOND = 60;

/** Signs the demo owner in on the app at `url`: their bearer token. */
export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      'x-forwarded-for': '10.255.0.1',
    },
    body: JSON.stringify(DEMO_OWNER),
  });
  const body = (await response.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`demo sign-in failed: ${response.status}`);
  return body.data.token;
}

// A steady 200 calls/s, not as many as the server can take: the latency then shows how long a
// user waits, not how deep a saturated queue is.
function readUser(url: string, token: string, seconds: number) {
  return autocannon({
    url: `${url}/api/user`,
    connections: 10,
    overallRate: 200,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
}

export async function runSignInFloodBench(seconds: number): Promise<FloodBench> {
  const port = await findFreePort();
  // TRUST_PROXY lets each flood request claim its own address, as a botnet's would, so the
  // per-address limit does not end the flood early.
  const server = await startAppServer(port, {
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'true',
    TRUST_PROXY: 'true',
  });
  try {
    const token = await signIn(server.url);
    await readUser(server.url, token, 2); // warm-up
    const idle = await readUser(server.url, token, seconds);

    const byStatus: Record<string, number> = {};
    const flood = autocannon({
      url: `${server.url}/api/auth`,
      connections: 20,
      overallRate: SIGNINS_PER_SECOND,
      duration: seconds + 2,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              cookie: `XSRF-TOKEN=${XSRF}`,
              'x-xsrf-token': XSRF,
              'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
            },
            body: JSON.stringify({
              email: `flood-${randomUUID().slice(0, 8)}@example.test`,
              password: 'Wrong-horse-1!',
            }),
          }),
          onResponse: (status) => {
            byStatus[status] = (byStatus[status] ?? 0) + 1;
          },
        },
      ],
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const during = await readUser(server.url, token, seconds);
    const floodResult = await flood;

    const ratio = Math.round((during.latency.p99 / Math.max(1, idle.latency.p99)) * 10) / 10;
    return {
      idle: {
        p50: idle.latency.p50,
        p99: idle.latency.p99,
        rps: Math.round(idle.requests.average),
      },
      flood: {
        p50: during.latency.p50,
        p99: during.latency.p99,
        rps: Math.round(during.requests.average),
        errors: during.errors + during.timeouts + during.non2xx,
      },
      signins: { sent: floodResult.requests.total, byStatus },
      ratio,
      target: 3,
    };
  } finally {
    await server.stop();
  }
}
