import { request as httpRequest } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runDockerHealthcheck } from '../test/docker-healthcheck';
import { DEMO_PASSWORD } from './db/seed/demo-password';
import {
  exitOf,
  freePort,
  killSpawnedServers,
  runAdmin,
  serverDir,
  startServer,
  waitUntilReady,
} from '../test/spawned-server';
import { migratedDataDir } from '../test/test-database';

/** A demo sign-in, answered once its request is written out; `status` settles with the reply. */
function startSignIn(port: number): Promise<{ status: Promise<number> }> {
  return new Promise((resolveSent, rejectSent) => {
    let settle: (code: number) => void = () => undefined;
    let fail: (error: Error) => void = () => undefined;
    const status = new Promise<number>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    const body = JSON.stringify({ email: 'owner@demo.test', password: DEMO_PASSWORD });
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/auth',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          cookie: 'XSRF-TOKEN=x',
          'x-xsrf-token': 'x',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => settle(response.statusCode ?? 0));
      },
    );
    request.on('error', (error) => {
      fail(error);
      rejectSent(error);
    });
    request.end(body, () => resolveSent({ status }));
  });
}

/** Whether a new connection to `url` is refused within `ms` (polled). */
async function refusedWithin(url: string, ms: number): Promise<boolean> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const refused = await fetch(url, { headers: { connection: 'close' } }).then(
      () => false,
      () => true,
    );
    if (refused) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

afterEach(killSpawnedServers);

describe('server.ts', () => {
  it('serves /api/health, then exits 0 on SIGTERM and leaves a reusable data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pp-server-'));
    for (let round = 0; round < 2; round++) {
      const port = await freePort();
      const { child, output } = startServer({
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Nothing here reads the demo data: a fresh database without it is ready sooner.
        DEMO_SEED: 'false',
      });
      let healthy = false;
      // Up to 80 s: a fresh data dir migrates at start, slowly on a busy CI machine.
      for (let attempt = 0; attempt < 320 && !healthy; attempt++) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(healthy, output()).toBe(true);
      expect(await runDockerHealthcheck({ PORT: String(port) })).toBe(0);
      if (round === 0) {
        // While the server holds the embedded database, admin commands run in the server.
        const master = await runAdmin(dataDir, ['create-master', 'ops@example.test']);
        expect(master.code, master.output).toBe(0);
        expect(master.out).toMatch(
          /^ops@example\.test is a master\. Sign in within 15 minutes: \S+\/magic\?token=\S+$/m,
        );
        // A file named relative to the command's directory is read by the server all the same.
        const csv = join(mkdtempSync(join(tmpdir(), 'pp-rows-')), 'rows.csv');
        writeFileSync(
          csv,
          'date,advertiser,campaign,channel,country,device,impressions,clicks,conversions,revenue,payout\n' +
            '2026-11-20,Acme Shoes,Spring,search,US,mobile,100,10,1,12.50,5.00\n',
        );
        const imported = await runAdmin(dataDir, [
          'import-report',
          'ops@example.test',
          relative(serverDir, csv),
        ]);
        expect(imported.code, imported.output).toBe(0);
        expect(imported.out).toContain('Imported 1 row into Partner Portal support.');
        // A command's failure keeps its words and its status.
        const bad = await runAdmin(dataDir, ['send-digests', '--as-of', 'someday']);
        expect(bad.code).toBe(1);
        expect(bad.err).toContain('Usage: send-digests --as-of <date-time>');
        // Replacing the files under a running server is still refused, saying what to do.
        const restore = await runAdmin(dataDir, ['restore', csv]);
        expect(restore.code).toBe(1);
        expect(restore.err).toMatch(/is using .*\. Stop it first, then restore\./);
      }
      process.kill(child.pid as number, 'SIGTERM');
      expect(await exitOf(child)).toBe(0);
      expect(output()).toContain('shutting down');
    }
  }, 240_000);

  it('on SIGTERM finishes the sign-ins in flight, refuses new connections and exits 0 within 10 s', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // One hashing slot, so the sign-ins queue behind each other and are still running at SIGTERM.
    const { child, output } = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      // Migrated already (the run's template): the demo seed is what the server does at start.
      DATA_DIR: await migratedDataDir(join(mkdtempSync(join(tmpdir(), 'pp-server-')), 'data')),
      PASSWORD_HASH_CONCURRENCY: '1',
      LOG_LEVEL: 'trace',
      LOG_FORMAT: 'json',
    });
    await waitUntilReady(url, output);
    const signIns = await Promise.all(Array.from({ length: 8 }, () => startSignIn(port)));
    // In flight means received: the server logs each request as it arrives, at trace.
    const received = () => output().match(/"url":"\/api\/auth"[^\n]*"msg":"request received"/g);
    for (let waited = 0; (received()?.length ?? 0) < 8; waited += 10) {
      if (waited > 10_000) throw new Error(`the sign-ins did not arrive:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const signalledAt = Date.now();
    process.kill(child.pid as number, 'SIGTERM');
    // New connections are refused once the listener has closed (a moment after the signal).
    await expect(refusedWithin(`${url}/api/health`, 5_000)).resolves.toBe(true);

    expect(await Promise.all(signIns.map((signIn) => signIn.status))).toEqual(Array(8).fill(200));
    expect(await exitOf(child), output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  }, 150_000);

  it('refuses to boot on bad values, listing every bad variable', async () => {
    const { child, output } = startServer({
      PORT: 'abc',
      APP_URL: 'nope',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pp-server-')),
    });
    expect(await exitOf(child)).toBe(1);
    expect(output()).toMatch(/PORT: must be a port number/);
    expect(output()).toMatch(/APP_URL: must be an http\(s\) URL/);
    expect(output()).not.toMatch(/\n\s+at /);
  }, 30_000);
});
