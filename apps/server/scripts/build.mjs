#!/usr/bin/env node
// Bundles the server's TypeScript into plain JavaScript (dist/server.js, dist/admin.js) so that
// production starts with `node` alone: nothing is compiled at run time. Our own code, the shared
// workspace package included, goes into the bundle; every npm package stays an import from
// node_modules, where its native binaries and WebAssembly files are.
//
// `--if-stale` (what `npm run admin` and the server tests use) builds only when a source is newer
// than the bundle, and keeps the old files: a server already running from dist/ may still load
// one of its chunks.
import { build } from 'esbuild';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const ours = /^(\.|\/|@partner-portal\/)/;
const ifStale = process.argv.includes('--if-stale');

/** The newest modification time of a file under `dir`, in ms. */
function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function bundleTime() {
  try {
    return Math.min(
      statSync(`${root}dist/server.js`).mtimeMs,
      statSync(`${root}dist/admin.js`).mtimeMs,
    );
  } catch {
    return 0;
  }
}

if (ifStale) {
  const sources = [`${root}src`, `${root}../../packages/shared/src`];
  if (bundleTime() >= Math.max(...sources.map(newestUnder))) process.exit(0);
} else {
  rmSync(`${root}dist`, { recursive: true, force: true });
}
const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts', admin: 'src/cli/admin.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(context) {
        context.onResolve({ filter: /.*/ }, (args) =>
          args.kind === 'entry-point' || ours.test(args.path)
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
// On stderr with --if-stale: stdout is the admin command's own.
(ifStale ? process.stderr : process.stdout).write(
  `server bundled: ${Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length} files, ` +
    `${Math.round(bytes / 1024)} kB with source maps, in ${Math.round(performance.now() - started)} ms\n`,
);
