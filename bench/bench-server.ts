import pg from 'pg';
import { startAppServer, type AppServer } from '../e2e/fixtures/app-server';
import { findFreePort } from '../e2e/fixtures/free-port';

/**
 * A database of its own on the PostgreSQL server at `adminUrl`, and the built app on it; both go
 * when `run` ends, whatever happens.
 */
export async function withBenchServer<T>(
  adminUrl: string,
  label: string,
  env: Record<string, string>,
  run: (server: AppServer, databaseUrl: string) => Promise<T>,
): Promise<T> {
  const name = `pp_bench_${label}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${name}`;
  try {
    const server = await startAppServer(await findFreePort(), {
      DATABASE_URL: databaseUrl.toString(),
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    });
    try {
      return await run(server, databaseUrl.toString());
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The headers an unsafe call needs: the XSRF cookie the server sets, echoed in its header. */
export async function xsrfHeaders(server: AppServer): Promise<Record<string, string>> {
  const health = await fetch(`${server.url}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
}

/** A password sign-in: the bearer token, and the headers it was asked with. */
export async function benchSignIn(server: AppServer, email: string, password: string) {
  const headers = await xsrfHeaders(server);
  const answer = await fetch(`${server.url}/api/auth`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`sign-in as ${email}: HTTP ${answer.status}`);
  const token = ((await answer.json()) as { data: { token: string } }).data.token;
  return { token, headers };
}
