// The server under test: the built app in its own process group, its log kept (bench/abuse.ts).

import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../../e2e/fixtures/free-port';
import { root } from './abuse-config';

// The server: `node apps/server/dist/server.js` in its own process group, its log kept.

export interface Server {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  /** The newest log lines (stdout and stderr), oldest first. */
  log: string[];
  exited: { code: number | null; signal: string | null } | null;
}

const LOG_KEPT = 20_000;

export async function startServer(): Promise<Server> {
  if (!existsSync(join(root, 'apps/server/dist/server.js'))) {
    throw new Error('apps/server/dist/server.js is missing: run npm run build first');
  }
  const port = await findFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'pp-abuse-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_SEED: 'true',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      TRUST_PROXY: 'true',
    },
  });
  if (!child.pid) throw new Error('the server did not start');
  const server: Server = { url, port, pid: child.pid, child, dataDir, log: [], exited: null };
  active = server;
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      server.log.push(...lines);
      if (server.log.length > LOG_KEPT * 1.5) server.log.splice(0, server.log.length - LOG_KEPT);
    });
  }
  child.once('exit', (code, signal) => (server.exited = { code, signal }));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exited) {
      throw new Error(`the server exited (${server.exited.code}):\n${server.log.join('\n')}`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer in 120 s:\n${server.log.join('\n')}`);
    await sleep(250);
  }
}

let active: Server | null = null;

/** Ends the server's process group and removes its data dir; safe to call twice. */
export async function stopServer(): Promise<void> {
  const server = active;
  active = null;
  if (!server) return;
  if (!server.exited) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([exited, sleep(10_000)]);
    if (!server.exited) {
      try {
        process.kill(-server.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

// A last resort if this process ends without reaching `finally` (the server is detached).
process.on('exit', () => {
  if (!active) return;
  try {
    process.kill(-active.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  rmSync(active.dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the server`);
    void stopServer().finally(() => process.exit(130));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The server process's resident set (VmRSS) in MB. */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 102.4) / 10 : NaN;
  } catch {
    return NaN; // the process is gone; the run notices
  }
}

/** Samples RSS every 200 ms until stopped: the peak. */
export function rssSampler(pid: number) {
  let peak = 0;
  const sample = () => {
    const rss = rssMb(pid);
    if (rss > peak) peak = rss;
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
