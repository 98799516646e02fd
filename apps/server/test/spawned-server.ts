import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const serverDir = new URL('..', import.meta.url).pathname;
const children: ChildProcess[] = [];

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * `src/server.ts` in a process of its own group (so killing it by pid ends all it started), on
 * the embedded database unless `env` names DATABASE_URL. `killSpawnedServers` in an afterEach
 * ends whatever a test left running.
 */
export function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
} {
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
  for (let attempt = 0; attempt < 240; attempt++) {
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
