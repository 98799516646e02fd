import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres, type Database } from '../../src/db/client';
import { startMailCatcher, type CaughtMail } from '../mail-catcher';
import {
  freePort,
  startProcess,
  stopGroup,
  waitUntilReady,
  type SpawnedProcess,
} from '../spawned-server';
import { createScratchDatabase } from '../admin-query';
import { writeSelfSignedCertificate } from '../self-signed-certificate';
import { TEST_XSRF_TOKEN } from '../build-test-app';

/** One instance of the app: `npm run serve` (the production start) in its own process group. */
export interface Instance extends SpawnedProcess {
  name: string;
  url: string;
}

export interface Cluster {
  a: Instance;
  b: Instance;
  /** The cluster's database, for arranging rows and checking what the instances wrote. */
  database: Database;
  databaseUrl: string;
  mails: () => CaughtMail[];
  /** A certificate both instances trust (NODE_EXTRA_CA_CERTS), for a local webhook receiver. */
  certificate: { certFile: string; keyFile: string };
  stop(): Promise<void>;
}

function startInstance(name: string, port: number, env: Record<string, string>): Instance {
  // `npm run serve`: the production start, as the Dockerfile runs it.
  const server = startProcess('npm', ['run', '--silent', 'serve'], {
    env: { ...process.env, ...env, PORT: String(port) },
  });
  return { ...server, name, url: `http://127.0.0.1:${port}` };
}

/**
 * Two instances of the built server on one new PostgreSQL database and one Redis, mailing a
 * local SMTP catcher, with their background jobs every second. Needs `npm run build` first
 * (`npm run test:scale` and `npm test` build before they run this).
 */
export async function startCluster(): Promise<Cluster> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!adminUrl || !redisUrl) throw new Error('TEST_DATABASE_URL and TEST_REDIS_URL must be set');
  const scratch = await createScratchDatabase(adminUrl, 'pp_scale');
  const databaseUrl = scratch.url;
  const mails: CaughtMail[] = [];
  const catcher = await startMailCatcher((mail) => mails.push(mail));
  const dataDirs: string[] = [];
  const certificate = await writeSelfSignedCertificate();
  const shared = {
    // Webhooks to a receiver on this machine, over HTTPS with a certificate made here.
    ALLOW_PRIVATE_OUTBOUND: 'true',
    NODE_EXTRA_CA_CERTS: certificate.certFile,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
    SESSION_SECRET: `scale-${randomBytes(24).toString('hex')}`,
    // One audit key for both, as for any instances sharing a database (docs/security.md#audit-log).
    AUDIT_KEY: `scale-${randomBytes(24).toString('hex')}`,
    DEMO_SEED: 'false',
    // Each request names its client in X-Forwarded-For, so one test's limits never reach another.
    TRUST_PROXY: 'true',
    JOB_INTERVAL_SECONDS: '1',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    NODE_ENV: 'production',
  };
  const [portA, portB] = [await freePort(), await freePort()];
  const instances = (
    [
      ['A', portA],
      ['B', portB],
    ] as const
  ).map(([name, port]) => {
    const dataDir = mkdtempSync(join(tmpdir(), `pp-scale-${name}-`));
    dataDirs.push(dataDir);
    return startInstance(name, port, { ...shared, DATA_DIR: dataDir });
  });
  const [a, b] = instances as [Instance, Instance];
  const database = openPostgres(databaseUrl);
  const stop = async () => {
    await Promise.all(instances.map((instance) => stopGroup(instance)));
    await database.close();
    await catcher.close();
    await scratch.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(instances.map((instance) => waitUntilReady(instance.url, instance.output)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { a, b, database, databaseUrl, mails: () => [...mails], certificate, stop };
}

/** A client address of its own (the instances trust X-Forwarded-For). */
export function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  from?: string;
}

/** One API call over HTTP, as the web app makes it (XSRF pair, bearer session). */
export async function call(
  instance: Instance,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<{
  status: number;
  body: { data?: unknown; message?: string } & Record<string, unknown>;
}> {
  const response = await fetch(`${instance.url}${path}`, {
    method,
    headers: {
      cookie: `XSRF-TOKEN=${TEST_XSRF_TOKEN}`,
      'x-xsrf-token': TEST_XSRF_TOKEN,
      'x-forwarded-for': options.from ?? clientAddress(),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : {} };
}

/** Polls until `check` holds; answers how long it took, or fails after `withinMs`. */
export async function within(withinMs: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started <= withinMs) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`not seen within ${withinMs} ms`);
}
