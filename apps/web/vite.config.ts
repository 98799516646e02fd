import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import tailwindcss from '@tailwindcss/vite';
import { translationFileOf } from './src/locales/parts.ts';
import { compileHints } from './build-plugins/compile-hints.ts';
import { radixOnPreact } from './build-plugins/radix-on-preact.ts';
import { workbookPageInDev } from './build-plugins/workbook-page-in-dev.ts';

// Preact renders the app in place of React DOM: the same components and libraries at a third of
// the weight on the first visit (docs/decisions/0008-preact-in-place-of-react-dom.md).
const preactInPlaceOfReact = {
  'react-dom/test-utils': 'preact/test-utils',
  'react-dom/client': 'preact/compat/client',
  'react-dom': 'preact/compat',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  react: 'preact/compat',
};

export default defineConfig({
  plugins: [
    radixOnPreact(),
    compileHints(),
    workbookPageInDev(fileURLToPath(new URL('./embed.html', import.meta.url))),
    tailwindcss(),
  ],
  resolve: {
    // Vite's browser defaults, spelled out: Vitest would otherwise add its Node conditions and
    // drop the main fields, and the tests would load libraries' Node builds.
    ...(process.env.VITEST
      ? {
          conditions: ['module', 'browser', 'development|production'],
          mainFields: ['browser', 'module', 'jsnext:main', 'jsnext'],
        }
      : {}),
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      ...preactInPlaceOfReact,
    },
  },
  // `npm run dev` pre-bundles the libraries without the app's plugins: patch Radix there too.
  optimizeDeps: { rolldownOptions: { plugins: [radixOnPreact()] } },
  server: {
    port: 5173,
    // On one address whatever `localhost` resolves to first, so that both loopback names reach
    // it: the app's (localhost) and the built-in workbook's (127.0.0.1, scripts/dev.mjs).
    host: '127.0.0.1',
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // bench/route-js-size.ts reads the manifest to weigh what each route loads.
    manifest: true,
    // Two pages: the app, and the built-in workbook page the dashboards embed in an iframe.
    rollupOptions: {
      onwarn(warning, warn) {
        // Libraries mark their components "use client", which means nothing in a browser bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) {
          return;
        }
        // React Router uses React 19's useOptimistic where there is one; preact/compat has none,
        // and React Router's own fallback (written for React 18) takes its place.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) {
          return;
        }
        warn(warning);
      },
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        embed: fileURLToPath(new URL('./embed.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // One chunk per language and part (src/locales/parts.ts) instead of one per file:
              // a first visit to /signin fetches its own language's core strings (about 3.5 kB
              // gzipped) before the first render, not both languages' whole catalogue (about
              // 17 kB), and the signed-in screens add the rest of that language in one request.
              // The other first-visit splits are decided in code: the pages and layouts
              // (app/router.tsx), the toast area and confirmation dialog (app/providers.tsx), the
              // Radix-based form controls (components/form/rich-field-controls.ts) and TanStack
              // Query (lib/query-client.tsx, used by the signed-in layouts only).
              name: (id: string) => {
                const file = translationFileOf(id);
                return file ? `locale-${file.locale}-${file.part}` : null;
              },
            },
          ],
        },
      },
    },
  },
  test: {
    // The tests render with Preact too, so every library is resolved for the browser (Vitest's
    // own defaults would load their CommonJS builds, which bring React DOM back) and goes through
    // Vite, where the aliases above apply.
    server: { deps: { inline: true } },
    alias: {
      // Testing Library's CommonJS entry requires react-dom directly; its ES build goes through
      // the aliases.
      '@testing-library/react': '@testing-library/react/dist/@testing-library/react.esm.js',
      // preact/compat has the hook this shim backfills for React 17.
      'use-sync-external-store/shim': 'preact/compat',
    },
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
