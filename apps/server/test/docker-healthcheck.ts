import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { repoRoot } from './spawned-server';

/** The Dockerfile's HEALTHCHECK command, as the exec-form array it declares. */
function healthcheckCommand(): string[] {
  const dockerfile = readFileSync(`${repoRoot}Dockerfile`, 'utf8').replace(/\\\n\s*/g, ' ');
  const json = /^HEALTHCHECK\b.*?\bCMD\s+(\[.*\])\s*$/m.exec(dockerfile)?.[1];
  if (!json) throw new Error('the Dockerfile has no exec-form HEALTHCHECK');
  return JSON.parse(json) as string[];
}

/** Runs the container's health check here, with `env` as the container's: its exit code. */
export function runDockerHealthcheck(env: Record<string, string>): Promise<number | null> {
  const [command, ...args] = healthcheckCommand();
  if (command !== 'node') throw new Error(`the health check runs ${command}, not node`);
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
  return new Promise((resolve) => child.once('exit', resolve));
}
