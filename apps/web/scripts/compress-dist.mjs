// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text file of
// dist/ worth compressing, at the highest levels, once. The server sends them by content
// negotiation (apps/server/src/lib/spa.ts, `preCompressed`), so no request pays to compress.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|html|svg|txt|json|webmanifest)$/;
// Below this, the headers of a compressed answer cost about what it saves.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let original = 0;
let brotli = 0;
let count = 0;
for (const path of files(dist)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  original += content.length;
  brotli += br.length;
  count += 1;
}
process.stdout.write(
  `compressed ${count} files: ${Math.round(original / 1024)} kB → ${Math.round(brotli / 1024)} kB brotli\n`,
);
