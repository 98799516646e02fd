import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { DEMO_PASSWORD } from '../fixtures/demo-sign-in';

/** Whether the app has taken the prerendered form over (React's own mark on its nodes). */
const hydrated = (page: Page) =>
  page.evaluate(() =>
    Object.keys(document.querySelector('form input') ?? {}).some((key) =>
      key.startsWith('__reactFiber$'),
    ),
  );

// docs/architecture.md#prerendered-public-pages: the public pages arrive drawn, in the visitor's
// language and theme, and the app takes over the same nodes (hydration) instead of redrawing.

const PAGES = [
  { path: '/signin', heading: { en: 'Sign in', es: 'Iniciar sesión' } },
  { path: '/signup', heading: { en: 'Create your account', es: 'Crea tu cuenta' } },
  { path: '/forgotpassword', heading: { en: 'Forgot password', es: 'Contraseña olvidada' } },
] as const;

test.describe('prerendered public pages', () => {
  test('the HTML carries the sign-in form in English and in Spanish', async ({ request }) => {
    for (const [language, heading] of [
      ['en-US,en;q=0.9', 'Sign in'],
      ['es-ES,es;q=0.9', 'Iniciar sesión'],
    ] as const) {
      const html = await (
        await request.get('/signin', { headers: { 'accept-language': language } })
      ).text();
      expect(html).toContain(`>${heading}</h1>`);
      expect(html).toMatch(/<form[^>]*>/);
      expect(html).toMatch(/<input type="email"[^>]*name="email"/);
      // The journeys' servers offer one provider (global-setup.ts): its button is drawn too.
      expect(html).toContain('Acme SSO</a>');
      expect(html).not.toContain('prerender-fill');
    }
  });

  test('shows the form before any script runs, dark for a dark system, in Spanish', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'es-ES', colorScheme: 'dark' });
    const page = await context.newPage();
    // No script of the app's arrives: only the HTML and the head's inline theme script act.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByLabel(/Correo electrónico/)).toBeVisible();
    // The theme script ran before the first paint (allowed by the policy's hash).
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await context.close();
  });

  test('a stored choice of light wins over a dark system before any script runs', async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    await context.addInitScript(() => localStorage.setItem('partner-portal.dark', 'false'));
    const page = await context.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await context.close();
  });

  for (const locale of ['en', 'es'] as const) {
    test(`the app takes over the drawn pages in ${locale} without a mismatch`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ locale: locale === 'es' ? 'es-ES' : 'en-US' });
      // The first node of #root once the HTML is parsed, before the app's scripts run.
      await context.addInitScript(() => {
        document.addEventListener('readystatechange', () => {
          if (document.readyState !== 'interactive') return;
          (window as unknown as { drawn: Element | null }).drawn =
            document.getElementById('root')?.firstElementChild ?? null;
        });
      });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      for (const { path, heading } of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading[locale] })).toBeVisible();
        // Hydrated: the page answers (a field takes focus and typing), on the very nodes drawn.
        await page.locator('input[type="email"]').first().fill('someone@example.com');
        await page.waitForLoadState('networkidle');
        const sameNodes = await page.evaluate(
          () =>
            (window as unknown as { drawn: Element | null }).drawn ===
            document.getElementById('root')?.firstElementChild,
        );
        expect(sameNodes, path).toBe(true);
        // React DOM manages them (its fiber is on every node it owns; another renderer has none).
        const managedByReactDom = await page.evaluate(() =>
          Object.keys(document.querySelector('h1') ?? {}).some((key) =>
            key.startsWith('__reactFiber$'),
          ),
        );
        expect(managedByReactDom, path).toBe(true);
      }
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  test('a reset link is drawn for its address, and the app takes over those nodes', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState !== 'interactive') return;
        (window as unknown as { drawn: Element | null }).drawn =
          document.getElementById('root')?.firstElementChild ?? null;
      });
    });
    const address = "o'neil&co@example.test";
    const link = `/resetpassword?${new URLSearchParams({ token: 'a-link-token', email: address })}`;
    expect(await (await page.request.get(link)).text()).toContain('o&#39;neil&amp;co@example.test');
    await page.goto(link);
    await expect(page.getByText(address)).toBeVisible();
    await page.getByLabel(/^New password/).fill('New-password-2!');
    await page.waitForLoadState('networkidle');
    const sameNodes = await page.evaluate(
      () =>
        (window as unknown as { drawn: Element | null }).drawn ===
        document.getElementById('root')?.firstElementChild,
    );
    expect(sameNodes).toBe(true);
    expect(problems).toEqual([]);
  });

  // What is measured first is the HTML's own first paints (the app's scripts held back), then the
  // app taking the page over on a slow phone: the provider's button was drawn with the page, so
  // nothing is added above the links once the app runs.
  test('nothing moves while a slow phone parses the page, nor when the app takes it over', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const win = window as unknown as { shifted: number };
      win.shifted = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          win.shifted += (entry as unknown as { value: number }).value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.route('**/assets/*.js', (route) => route.abort());
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto('/signin', { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);

    await page.unroute('**/assets/*.js');
    await page.goto('/signin?redirect=%2Faccount%2Fbilling', { waitUntil: 'networkidle' });
    const sso = page.getByRole('link', { name: 'Continue with Acme SSO' });
    // Taken over: the link now carries the page to come back to.
    await expect(sso).toHaveAttribute('href', /redirect=%2Faccount%2Fbilling/);
    expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
  });

  test('what a visitor types before the app takes the form over is kept, and signs them in', async ({
    page,
  }) => {
    // The scripts arrive a second late, as on a slow phone: the address is typed into the
    // prerendered form before they run, the password after.
    let release = () => {};
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    await page.goto('/signin', { waitUntil: 'commit' });
    const email = page.locator('input[type="email"]');
    await email.pressSequentially('owner@demo.test');
    expect(await hydrated(page)).toBe(false);
    release();
    await expect.poll(() => hydrated(page)).toBe(true);
    // A render after hydration used to put the form's empty value back.
    await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
    await expect(email).toHaveValue('owner@demo.test');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
  });

  test('a language chosen on the sign-in page is what the server answers next', async ({
    page,
  }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: /Español/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The next page the server answers is already Spanish (the cookie), whatever the browser says.
    const html = await (await page.request.get('/forgotpassword')).text();
    expect(html).toContain('<html lang="es">');
  });
});
