import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads `.env` (in the directory the server starts from, or the file ENV_FILE names; an empty
 * ENV_FILE reads none, as the tests' servers do) into the
 * process environment, below what the environment already holds: a variable set in the shell,
 * by systemd or by a container wins over the file, and the file over the built-in defaults
 * (docs/operations: "Configuration"). Answers the file read, or null when there is none.
 * Node's own parser (`util.parseEnv`, the one `--env-file` uses) reads it.
 */
export function applyEnvFile(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): { file: string; applied: string[] } | null {
  if (env.ENV_FILE === '') return null;
  const file = resolve(cwd, env.ENV_FILE ?? '.env');
  if (!existsSync(file)) {
    if (env.ENV_FILE) throw new Error(`ENV_FILE names ${file}, which does not exist`);
    return null;
  }
  const applied: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(readFileSync(file, 'utf8')))) {
    if (env[name] !== undefined) continue;
    env[name] = value;
    applied.push(name);
  }
  return { file, applied };
}
