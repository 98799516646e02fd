import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestEntry {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  src?: string;
}

export interface RouteJsSize {
  chunks: { file: string; bytes: number; gzipBytes: number }[];
  totalBytes: number;
  totalGzipBytes: number;
}

/**
 * The JS a first visit to a route downloads: the entry chunk, the route's lazy chunks (its
 * layout and its page, named by a fragment of their source path), and every chunk they import statically (what the browser fetches before the page can render).
 * Reads Vite's build manifest, so it needs `npm run build` first.
 */
export function measureRouteJs(distDir: string, routeModules: string[]): RouteJsSize {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestEntry
  >;
  const entries = Object.entries(manifest);
  const roots = entries
    // The app's own entry (index.html); embed.html is another page the app never loads.
    .filter(
      ([key, entry]) =>
        (entry.isEntry && key === 'index.html') || routeModules.some((name) => key.includes(name)),
    )
    .map(([key]) => key);
  for (const name of routeModules) {
    if (!roots.some((key) => key.includes(name)))
      throw new Error(`No chunk for ${name} in the Vite manifest`);
  }

  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  roots.forEach(visit);

  const chunks = [...seen]
    .map((key) => manifest[key]?.file)
    .filter((file): file is string => Boolean(file?.endsWith('.js')))
    .map((file) => {
      const content = readFileSync(join(distDir, file));
      return { file, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    });
  return {
    chunks,
    totalBytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    totalGzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
  };
}

/** What /signin's first visit runs: the entry, the sign-in page and its layout, the core strings. */
export const SIGNIN_MODULES = [
  'pages/signin-page',
  'layouts/auth-layout',
  // The English core strings, which main.tsx imports (dynamically) before the first render.
  'locale-en-core',
];

/** The budget for /signin with React DOM as published (issue 39), in gzipped bytes. */
export const SIGNIN_GOAL_GZIP_BYTES = 180 * 1024;

/** The results page's section on /signin's JavaScript. */
export function signinJsSection(js: RouteJsSize): string[] {
  const met = js.totalGzipBytes <= SIGNIN_GOAL_GZIP_BYTES;
  return [
    '## JavaScript loaded by /signin',
    '',
    `${Math.round(js.totalGzipBytes / 1024)} KB gzipped (goal ≤ ${SIGNIN_GOAL_GZIP_BYTES / 1024} KB: ${met ? 'met' : '**missed**'}).`,
    '',
    '| chunk | bytes | gzipped bytes |',
    '|---|---|---|',
    ...js.chunks.map((chunk) => `| ${chunk.file} | ${chunk.bytes} | ${chunk.gzipBytes} |`),
    `| **total** | **${js.totalBytes}** | **${js.totalGzipBytes}** |`,
    '',
  ];
}
