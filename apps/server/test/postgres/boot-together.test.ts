import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  exitOf,
  freePort,
  killSpawnedServers,
  startServer,
  waitUntilReady,
} from '../spawned-server';

// Two instances started at the same moment on an empty PostgreSQL database (a deploy, or
// `docker compose up`): they take turns at the boot lock, so the schema is migrated once and the
// demo data seeded once, and both come up.
const adminUrl = process.env.TEST_DATABASE_URL as string;
const name = `pp_boot_${randomBytes(5).toString('hex')}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(() => onServer(adminUrl, (client) => client.query(`create database ${name}`)));
afterEach(killSpawnedServers);
afterAll(() =>
  onServer(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
);

describe('instances booting together on one empty database', () => {
  it('migrate and seed once, and both serve', async () => {
    const instances = await Promise.all(
      [0, 1].map(async () => {
        const port = await freePort();
        const server = startServer({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          DEMO_SEED: 'true',
          SESSION_SECRET: 'boot-together-session-secret-0123456789',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'pp-boot-')),
        });
        return { ...server, url: `http://127.0.0.1:${port}` };
      }),
    );
    await Promise.all(instances.map((server) => waitUntilReady(server.url, server.output)));

    const counts = await onServer(databaseUrl, async (client) => {
      const users = await client.query<{ n: string }>('select count(*) as n from users');
      const accounts = await client.query<{ n: string }>('select count(*) as n from accounts');
      return { users: Number(users.rows[0]?.n), accounts: Number(accounts.rows[0]?.n) };
    });
    expect(counts).toEqual({ users: 4, accounts: 2 });
    const seeded = instances.filter((server) => /Demo data seeded/.test(server.output()));
    expect(seeded).toHaveLength(1);

    for (const server of instances) process.kill(server.child.pid as number, 'SIGTERM');
    expect(await Promise.all(instances.map((server) => exitOf(server.child)))).toEqual([0, 0]);
  }, 120_000);
});
