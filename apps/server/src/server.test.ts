import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const serverDir = new URL('..', import.meta.url).pathname;
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    detached: true,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  children.push(child);
  return { child, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  }
});

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
