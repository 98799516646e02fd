import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LOCALES } from '@partner-portal/shared/constants';
import {
  DRAWN_SIGN_IN_OPTIONS,
  escapeHtml,
  fillSignInOptions,
  SIGN_IN_OPTIONS_ELEMENT_ID,
  signInOptionsElement,
  type PageSignInOptions,
} from '@partner-portal/shared/prerendered-html';
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
  document.getElementById(SIGN_IN_OPTIONS_ELEMENT_ID)?.remove();
  window.history.replaceState(null, '', '/');
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

/** Puts `html` in #root and hydrates the app at `url` over it: React's complaints, and the node. */
async function hydrateOver(html: string, url: string) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const firstNode = container.firstElementChild;
  expect(firstNode).not.toBeNull();

  const router = createMemoryRouter(buildRoutes(), { initialEntries: [url] });
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
  // Hydration adopted the prerendered nodes instead of drawing new ones.
  const adopted = container.firstElementChild === firstNode;
  return { mismatches, adopted, container };
}

describe('prerendered public pages', () => {
  const cases = PRERENDERED_PAGES.flatMap((page) => LOCALES.map((locale) => ({ page, locale })));

  it.each(cases)(
    '$page.page in $locale hydrates in the browser without a mismatch',
    async ({ page, locale }) => {
      const { html, title } = await renderPage(page.path, page.titleKey, locale);
      expect(title).toContain('Partner Portal');
      const { mismatches, adopted } = await hydrateOver(html, page.path);
      expect(mismatches).toEqual([]);
      expect(adopted).toBe(true);
      expect(document.querySelector('h1, [role="heading"]')?.textContent).toBeTruthy();
    },
  );

  it.each(
    PRERENDERED_PAGES.filter(
      // The reset page draws its form only for a link's token (the filled cases below).
      (page) => page.page !== 'not-found' && page.page !== 'reset-password',
    ),
  )('$page: the drawn form cannot be sent before the app has taken it over', async (page) => {
    const { html } = await renderPage(page.path, page.titleKey, 'en');
    const drawn = document.createElement('div');
    drawn.innerHTML = html;
    const forms = [...drawn.querySelectorAll('form')];
    // A browser's own submission would be a GET with the fields (a password) in the address.
    for (const form of forms) expect(form.getAttribute('method')).toBe('post');
    const buttons = [...drawn.querySelectorAll('form button[type="submit"]')];
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toBeDisabled();

    const { mismatches, container } = await hydrateOver(html, page.path);
    expect(mismatches).toEqual([]);
    for (const button of container.querySelectorAll('form button[type="submit"]')) {
      expect(button).toBeEnabled();
    }
  });

  // A request's own values, as the server writes them over the stand-ins (apps/server/src/lib/spa.ts).
  const VALUES: Record<string, string> = { token: 'Ab3_-x.Y~9', email: "o'neil&co@example.test" };
  const filledCases = PRERENDERED_PAGES.flatMap((page) =>
    (page.filled ?? []).flatMap((fills) => LOCALES.map((locale) => ({ page, fills, locale }))),
  );

  it.each(filledCases)(
    '$page.page drawn for a link, filled with its values, hydrates without a mismatch in $locale',
    async ({ page, fills, locale }) => {
      const standIns = new URLSearchParams(fills.map(({ param, standIn }) => [param, standIn]));
      let { html } = await renderPage(`${page.path}?${standIns}`, page.titleKey, locale);
      for (const { param, standIn, pattern } of fills) {
        const value = VALUES[param] as string;
        expect(value, param).toMatch(new RegExp(pattern));
        html = html.replaceAll(standIn, escapeHtml(value));
      }
      const values = new URLSearchParams(
        fills.map(({ param }) => [param, VALUES[param] as string]),
      );
      const { mismatches, adopted, container } = await hydrateOver(html, `${page.path}?${values}`);
      expect(mismatches).toEqual([]);
      expect(adopted).toBe(true);
      expect(container.textContent).toContain(VALUES.email);
      expect(container.querySelector('input[type="hidden"][name="jwt"]')).toHaveProperty(
        'value',
        VALUES.token,
      );
    },
  );

  /** The sign-in options the page carries, as the server writes them into its head. */
  const carry = (options: PageSignInOptions) => {
    document.getElementById(SIGN_IN_OPTIONS_ELEMENT_ID)?.remove();
    document.head.insertAdjacentHTML('beforeend', signInOptionsElement(options));
  };
  const optionCases: { name: string; options: PageSignInOptions }[] = [
    { name: 'no provider', options: { providers: [] } },
    {
      name: 'one provider and a brand link',
      options: {
        providers: [{ id: 'oidc', name: 'Acme <SSO> & Co' }],
        brandUrl: 'https://partners.example.test/?a=1&b=2',
      },
    },
    {
      name: 'every provider',
      options: {
        providers: [
          { id: 'google', name: 'Google' },
          { id: 'microsoft', name: 'Microsoft' },
          { id: 'oidc', name: 'Okta' },
        ],
      },
    },
  ];

  it.each(optionCases.flatMap((c) => LOCALES.map((locale) => ({ ...c, locale }))))(
    'signin drawn with every provider, cut to $name, hydrates without a mismatch in $locale',
    async ({ options, locale }) => {
      carry(DRAWN_SIGN_IN_OPTIONS);
      const { html } = await renderPage(
        '/signin?redirect=%2Faccount%2Fbilling',
        'titles.signin',
        locale,
      );
      carry(options);
      window.history.replaceState(null, '', '/signin?redirect=%2Faccount%2Fbilling');
      const { mismatches, adopted, container } = await hydrateOver(
        fillSignInOptions(html, options),
        '/signin?redirect=%2Faccount%2Fbilling',
      );
      expect(mismatches).toEqual([]);
      expect(adopted).toBe(true);
      const buttons = [...container.querySelectorAll('a[href^="/auth/"]')];
      expect(buttons.map((a) => a.textContent)).toEqual(
        options.providers.map(({ name }) => expect.stringContaining(name)),
      );
      // The drawn links carry no redirect; the app adds it once it has taken them over.
      for (const button of buttons)
        expect(button.getAttribute('href')).toContain('redirect=%2Faccount%2Fbilling');
      expect(container.querySelector('a[data-brand-link]')?.getAttribute('href')).toBe(
        options.brandUrl,
      );
    },
  );
});
