#!/usr/bin/env node
// `npm run dev`: the API with reload on :8080 and Vite's dev server on :5173 (proxying /api and
// /auth), which is where the app is opened: http://localhost:5173.
// Each child runs in its own process group and is ended by its pid when this script stops.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
// The page a developer opens is Vite's, so that is the app's public URL: mail links, sign-in
// callbacks and the pages allowed to frame the workbook name it. The built-in workbook is then
// minted on its other loopback name, 127.0.0.1:5173, where Vite serves its page from source
// (apps/web/build-plugins/workbook-page-in-dev.ts).
const APP_URL = process.env.APP_URL ?? 'http://localhost:5173';
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, APP_URL },
  }),
  spawn('npx', ['vite', '--config', 'apps/web/vite.config.ts', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
  setTimeout(() => process.exit(code), 500);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
