// After `vite build`: for each page's path, the script chunks a first visit to it needs beyond
// those index.html already preloads (its layout, its page and what they import). The server
// names them in the HTML it answers for that path (apps/server/src/lib/spa.ts), so the browser
// fetches them alongside the entry instead of after it has run: one round trip less before the
// page can draw, which is most of a phone's wait on /signin.
import { readFileSync, writeFileSync } from 'node:fs';
import { LOCALES } from '@partner-portal/shared/constants';
import { CORE_ONLY_LAYOUTS, ROUTES, type LayoutName } from '../src/app/route-table';
import { TRANSLATION_PARTS, type TranslationPart } from '../src/locales/parts';

interface ManifestEntry {
  file: string;
  imports?: string[];
}

// The layout modules as src/app/router.tsx loads them (a rename there fails this build).
const LAYOUT_MODULES: Record<LayoutName, string> = {
  app: 'src/app/layouts/app-layout.tsx',
  account: 'src/app/layouts/account-layout.tsx',
  auth: 'src/app/layouts/auth-layout.tsx',
  centered: 'src/app/layouts/centered-card-layout.tsx',
  onboarding: 'src/app/layouts/onboarding-layout.tsx',
};

const dist = new URL('../dist', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, 'utf8')) as Record<
  string,
  ManifestEntry
>;

function entry(key: string): ManifestEntry {
  const found = manifest[key];
  if (!found) throw new Error(`route-preloads: no chunk for ${key} in the Vite manifest`);
  return found;
}

/** The keys of `roots` and of every chunk they import statically. */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of entry(key).imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

const alreadyPreloaded = closure(['index.html']);
const preloads: Record<string, { scripts: string[]; strings: TranslationPart[] }> = {};
for (const route of ROUTES) {
  // A path with a parameter has no one URL to answer; its page loads as before.
  if (route.path.includes(':')) continue;
  const roots = [LAYOUT_MODULES[route.layout], `src/app/pages/${route.page}-page.tsx`];
  preloads[route.path] = {
    scripts: [...closure(roots)]
      .filter((key) => !alreadyPreloaded.has(key))
      .map((key) => `/${entry(key).file}`)
      .filter((file) => file.endsWith('.js')),
    // The page draws only once its strings are in (src/app/router.tsx lazyPage): the visitor's
    // language, which the server picks, is worth naming too.
    strings: CORE_ONLY_LAYOUTS.includes(route.layout) ? ['core'] : [...TRANSLATION_PARTS],
  };
}
const strings = Object.fromEntries(
  LOCALES.map((locale) => {
    const parts = TRANSLATION_PARTS.map((part) => {
      const chunk = Object.values(manifest).find((chunkEntry) =>
        chunkEntry.file.startsWith(`assets/locale-${locale}-${part}-`),
      );
      if (!chunk) throw new Error(`route-preloads: no ${part} strings chunk for ${locale}`);
      return [part, `/${chunk.file}`];
    });
    return [locale, Object.fromEntries(parts)];
  }),
);
writeFileSync(
  `${dist}/route-preloads.json`,
  `${JSON.stringify({ paths: preloads, strings }, null, 2)}\n`,
);
process.stdout.write(`route preloads: ${Object.keys(preloads).length} paths\n`);
