import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { translationFileOf } from './src/locales/parts.ts';
import { compileHints } from './build-plugins/compile-hints.ts';
import { themeBeforePaint } from './build-plugins/theme-before-paint.ts';
import { workbookPageInDev } from './build-plugins/workbook-page-in-dev.ts';

export default defineConfig({
  plugins: [
    react(),
    compileHints(),
    themeBeforePaint(),
    workbookPageInDev(fileURLToPath(new URL('./embed.html', import.meta.url))),
    tailwindcss(),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
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
              debugName: 'translations',
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
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build-plugins/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
