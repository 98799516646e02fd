import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const serverDir = new URL('..', import.meta.url).pathname;

declare global {
  var serverBundleBuilt: Promise<unknown> | undefined;
}

/**
 * Tests that start the server or the admin command run the bundles production runs (plain node:
 * nothing compiled at start, about 1 s instead of 5–30 s under tsx). `npm test` builds them
 * first; a file run alone gets them built here (0.3 s) when a source is newer than the bundle.
 * Both server projects' setups run in one process: the check runs once.
 */
export function ensureServerBundle(): Promise<unknown> {
  globalThis.serverBundleBuilt ??= promisify(execFile)(
    process.execPath,
    ['scripts/build.mjs', '--if-stale'],
    { cwd: serverDir },
  );
  return globalThis.serverBundleBuilt;
}
