import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSelfSignedCertificate } from '../self-signed-certificate';
import {
  freePort,
  killGroup,
  startServer,
  waitUntilReady,
  type SpawnedProcess,
} from '../spawned-server';
import { startWebhookReceiver, type WebhookReceiver } from '../webhook-receiver';

// docs/product.md#webhooks: an event is written with the change it tells about, so a server
// killed with SIGKILL after the change and before the delivery sends it once it is back, once.
const repoRoot = new URL('../../../../', import.meta.url).pathname;
const XSRF = 'webhook-kill-xsrf';
const workDir = mkdtempSync(join(tmpdir(), 'pp-webhook-kill-'));
const dataDir = join(workDir, 'data');
let server: SpawnedProcess | null = null;
let receiver: WebhookReceiver | null = null;

beforeAll(() => {
  if (!existsSync(join(repoRoot, 'apps/server/dist/server.js')))
    execFileSync('npm', ['run', 'build', '--workspace', 'apps/server'], {
      cwd: repoRoot,
      stdio: 'ignore',
    });
});

afterAll(async () => {
  if (server) await killGroup(server);
  await receiver?.close();
  rmSync(workDir, { recursive: true, force: true });
});

async function boot(certFile: string): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  server = startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: url,
    LOG_LEVEL: 'info',
    ALLOW_PRIVATE_OUTBOUND: 'true',
    NODE_EXTRA_CA_CERTS: certFile,
  });
  await waitUntilReady(url, server.output);
  return url;
}

async function call(
  url: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const answer = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return (JSON.parse(text) as { data: Record<string, unknown> }).data;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kill -9 between a change and its webhook', () => {
  it('delivers the event once after the restart', async () => {
    const certificate = await writeSelfSignedCertificate();
    // The receiver's port is chosen now but nothing listens on it until after the kill: the
    // dying server cannot deliver, whenever it tries.
    const receiverPort = await freePort();
    let url = await boot(certificate.certFile);
    const email = 'webhook-kill@example.test';
    const password = 'correct horse battery staple 42';
    await call(url, null, 'POST', '/api/account', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      partner_name: 'Webhook kill',
      password,
    });
    const signIn = async () =>
      (await call(url, null, 'POST', '/api/auth', { email, password })).token as string;
    let token = await signIn();
    const card = await call(url, token, 'POST', '/api/billing/local/cards', {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Ada',
    });
    await call(url, token, 'POST', '/api/account/upgrade', {
      plan: 'free_plus',
      token: card.token,
    });
    token = await signIn();
    const endpoint = await call(url, token, 'POST', '/api/webhooks', {
      url: `https://localhost:${receiverPort}/after-kill`,
      events: ['member.invited'],
    });
    const invitee = 'invitee-after-kill@example.test';
    await call(url, token, 'POST', '/api/invite', { email: invitee, permission: 'user' });
    await killGroup(server!);
    server = null;

    receiver = await startWebhookReceiver({ certificate, port: receiverPort });
    url = await boot(certificate.certFile);
    // The first try after the restart is at once, at the 5 s retry of a try that failed, or,
    // when the kill came between taking the delivery and recording its try, once the dead
    // instance's 30 s lease has run out.
    const started = Date.now();
    while (receiver.received.length === 0 && Date.now() - started < 60_000) await pause(200);
    // Long enough for a second sender, or a second try, to show itself.
    await pause(6_000);
    const events = receiver.verified(endpoint.secret as string);
    // On a failure, the restarted server's log says what its dispatcher did.
    expect(
      events.map((event) => [event.type, event.data.email]),
      server!.output(),
    ).toEqual([['member.invited', invitee]]);
    expect(receiver.received).toHaveLength(1);
  });
});
