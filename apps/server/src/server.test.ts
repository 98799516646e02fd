import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  exitOf,
  freePort,
  killSpawnedServers,
  startServer,
  waitUntilReady,
} from '../test/spawned-server';

const serverDir = new URL('..', import.meta.url).pathname;

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
      });
      let healthy = false;
      for (let attempt = 0; attempt < 120 && !healthy; attempt++) {
        healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(healthy, output()).toBe(true);
      if (round === 0) {
        // While the server holds the embedded database, admin commands refuse to open it.
        const admin = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'migrate'], {
          cwd: serverDir,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let adminOutput = '';
        admin.stderr?.on('data', (chunk: Buffer) => (adminOutput += chunk.toString()));
        expect(await exitOf(admin)).toBe(1);
        expect(adminOutput).toMatch(/is using the embedded database/);
      }
      process.kill(child.pid as number, 'SIGTERM');
      expect(await exitOf(child)).toBe(0);
      expect(output()).toContain('shutting down');
    }
  }, 90_000);

  it('on SIGTERM finishes the sign-ins in flight, refuses new connections and exits 0 within 10 s', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // One hashing slot, so the sign-ins queue behind each other and are still running at SIGTERM.
    const { child, output } = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pp-server-')),
      PASSWORD_HASH_CONCURRENCY: '1',
    });
    await waitUntilReady(url, output);
    const signIns = Array.from({ length: 8 }, () =>
      fetch(`${url}/api/auth`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: 'XSRF-TOKEN=x',
          'x-xsrf-token': 'x',
        },
        body: JSON.stringify({ email: 'owner@demo.test', password: 'Demo-partner-1!' }),
      }).then((response) => response.status),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const signalledAt = Date.now();
    process.kill(child.pid as number, 'SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    expect(await Promise.all(signIns)).toEqual(Array(8).fill(200));
    expect(await exitOf(child), output()).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  }, 90_000);

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
