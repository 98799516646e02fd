#!/usr/bin/env node
// `npm run test:scale`: builds the app as production runs it (`npm run build`), then starts two
// instances with `npm run serve` on one PostgreSQL and one Redis and checks what they share
// (apps/server/test/scale). Uses TEST_DATABASE_URL and TEST_REDIS_URL, or the local defaults.
import { spawnSync } from 'node:child_process';

const env = {
  ...process.env,
  TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
  TEST_REDIS_URL: process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
};
const root = new URL('..', import.meta.url).pathname;
const run = (command, args) =>
  spawnSync(command, args, { cwd: root, env, stdio: 'inherit' }).status ?? 1;

const reachable = spawnSync(
  process.execPath,
  [
    '-e',
    `const { Client } = require('pg');
     const c = new Client({ connectionString: process.env.TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
     c.connect().then(() => c.end()).catch(() => process.exit(1));`,
  ],
  { cwd: root, env },
);
if (reachable.status !== 0) {
  console.error(
    `test:scale needs a PostgreSQL server and a Redis server: none answers at ${env.TEST_DATABASE_URL}. Set TEST_DATABASE_URL and TEST_REDIS_URL.`,
  );
  process.exit(1);
}
const built = run('npm', ['run', 'build']);
if (built !== 0) process.exit(built);
process.exit(run('npx', ['vitest', 'run', '--project', 'scale', ...process.argv.slice(2)]));
