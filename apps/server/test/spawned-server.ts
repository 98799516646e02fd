import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const serverDir = new URL('..', import.meta.url).pathname;
export const repoRoot = new URL('../../../', import.meta.url).pathname;
const children: ChildProcess[] = [];

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A process in a group of its own, so that ending the group (by pid) ends all it started. */
export interface SpawnedProcess {
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env: NodeJS.ProcessEnv },
): SpawnedProcess {
  let output = '';
  const child = spawn(command, args, {
    cwd: options.cwd ?? repoRoot,
    detached: true,
    // A developer's own .env never reaches the servers the tests start.
    env: { ...options.env, ENV_FILE: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

export function isRunning(proc: SpawnedProcess): boolean {
  return proc.child.exitCode === null && proc.child.signalCode === null;
}

/** SIGKILL to the whole group, then waits until no process of the group is left. */
export async function killGroup(proc: SpawnedProcess): Promise<void> {
  const pid = proc.child.pid;
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
  await proc.exited;
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`process group ${pid} still alive 10 s after SIGKILL`);
}

/** SIGTERM (the graceful stop) to the group, SIGKILL after `graceMs`. */
export async function stopGroup(proc: SpawnedProcess, graceMs = 12_000): Promise<void> {
  const pid = proc.child.pid;
  if (!pid || !isRunning(proc)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    if (isRunning(proc)) process.kill(-pid, 'SIGKILL');
  }, graceMs);
  await proc.exited;
  clearTimeout(timer);
}

/** The bundles `npm run build` makes (global-setup.ts makes sure they are current). */
const SERVER_BUNDLE = `${serverDir}dist/server.js`;
const ADMIN_BUNDLE = `${serverDir}dist/admin.js`;

/**
 * The built server (`npm run serve`: plain node, nothing compiled at start) in a process group
 * of its own, on the embedded database unless `env` names DATABASE_URL. `killSpawnedServers` in
 * an afterEach ends whatever a test left running.
 */
export function startServer(env: Record<string, string>): SpawnedProcess {
  const server = startProcess(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
  });
  children.push(server.child);
  return server;
}

export interface AdminRun {
  code: number | null;
  out: string;
  err: string;
  /** stdout and stderr as they came. */
  output: string;
}

/**
 * The built admin command (`npm run admin -- …`, as production runs it) on the embedded
 * database in `dataDir`, to its end.
 */
export async function runAdmin(
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<AdminRun> {
  const admin = startProcess(process.execPath, ['--enable-source-maps', ADMIN_BUNDLE, ...args], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
  });
  let out = '';
  let err = '';
  admin.child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  admin.child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const { code } = await admin.exited;
  return { code, out, err, output: admin.output() };
}

export function killSpawnedServers(): void {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
  }
}

export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

export async function waitUntilReady(url: string, output: () => string): Promise<void> {
  // Up to 80 s: a fresh embedded database migrates at start, slowly on a busy CI machine.
  for (let attempt = 0; attempt < 320; attempt++) {
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (/Failed to start/.test(output())) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not get ready:\n${output()}`);
}
