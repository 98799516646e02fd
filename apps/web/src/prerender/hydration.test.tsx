import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LOCALES } from '@partner-portal/shared/constants';
import { AppRoot } from '@/app/app-root';
import { buildRoutes } from '@/app/router';
import { i18n } from '@/lib/i18n';
import { PRERENDERED_PAGES } from './prerendered-pages';
import { renderPage } from './render-page';

let root: Root | null = null;

// The build renders the pages in a process of its own; here the server renderer and the browser's
// share one module instance, and React's development build says so about every context. That one
// notice is dropped; any other console.error (a hydration warning among them) still fails the test.
const SHARED_REALM_NOTICE = 'Detected multiple renderers concurrently rendering the same context';
beforeEach(() => {
  const spy = vi.mocked(console.error);
  const previous = spy.getMockImplementation();
  spy.mockImplementation((...args: unknown[]) => {
    if (String(args[0]).startsWith(SHARED_REALM_NOTICE)) return;
    previous?.(...args);
  });
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.replaceChildren();
  void i18n.changeLanguage('en');
});

/** Resolves once the router has its first page in, as main.tsx waits before the first render. */
function initialized(router: ReturnType<typeof createMemoryRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (state.initialized) {
        stop();
        resolve();
      }
    });
  });
}

describe('prerendered public pages', () => {
  const cases = PRERENDERED_PAGES.flatMap((page) => LOCALES.map((locale) => ({ page, locale })));

  it.each(cases)(
    '$page.page in $locale hydrates in the browser without a mismatch',
    async ({ page, locale }) => {
      const { html, title } = await renderPage(page.path, page.titleKey, locale);
      expect(title).toContain('Partner Portal');
      const container = document.createElement('div');
      container.id = 'root';
      container.innerHTML = html;
      document.body.append(container);
      const firstNode = container.firstElementChild;
      expect(firstNode).not.toBeNull();

      const router = createMemoryRouter(buildRoutes(), { initialEntries: [page.path] });
      await initialized(router);
      const mismatches: unknown[] = [];
      await act(async () => {
        root = hydrateRoot(
          container,
          <AppRoot>
            <RouterProvider router={router} />
          </AppRoot>,
          { onRecoverableError: (error) => mismatches.push(error) },
        );
      });

      expect(mismatches).toEqual([]);
      // Hydration adopted the prerendered nodes instead of drawing new ones.
      expect(container.firstElementChild).toBe(firstNode);
      expect(document.querySelector('h1, [role="heading"]')?.textContent).toBeTruthy();
    },
  );
});
