#!/usr/bin/env node
// Bundles the server's TypeScript into plain JavaScript (dist/server.js, dist/admin.js) so that
// production starts with `node` alone: nothing is compiled at run time. Our own code, the shared
// workspace package included, goes into the bundle; every npm package stays an import from
// node_modules, where its native binaries and WebAssembly files are.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const ours = /^(\.|\/|@partner-portal\/)/;

rmSync(`${root}dist`, { recursive: true, force: true });
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
process.stdout.write(
  `server bundled: ${Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length} files, ` +
    `${Math.round(bytes / 1024)} kB with source maps, in ${Math.round(performance.now() - started)} ms\n`,
);
