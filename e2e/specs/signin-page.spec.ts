import type { Response } from '@playwright/test';
import {
  expect,
  expectNoA11yViolations,
  saveScreen,
  test,
  expectNoSidewaysScroll,
} from '../fixtures/test';

test.describe('sign-in page renders', () => {
  test('in English', async ({ page }) => {
    await page.goto('/signin');
    await expect(page).toHaveTitle(/Sign in/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await saveScreen(page, 'signin-en-light');
    await expectNoA11yViolations(page);
  });

  test.describe('in Spanish', () => {
    test.use({ locale: 'es-ES' });
    test('from the browser language', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.locator('html')).toHaveAttribute('lang', 'es');
      await expect(page).toHaveTitle(/Iniciar sesión/);
      await saveScreen(page, 'signin-es-light');
      await expectNoA11yViolations(page);
    });
  });

  test.describe('in dark mode', () => {
    test.use({ colorScheme: 'dark' });
    test('from the system preference', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await saveScreen(page, 'signin-en-dark');
      await expectNoA11yViolations(page);
    });
  });

  test.describe('at phone width', () => {
    test.use({ viewport: { width: 375, height: 812 } });
    test('without horizontal scrolling', async ({ page }) => {
      await page.goto('/signin');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await saveScreen(page, 'signin-en-phone');
    });
  });

  test('loads no payment code: Stripe.js is fetched only by the screens that take a card', async ({
    page,
  }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    });
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((body) => body.includes('js.stripe.com'))).toEqual([]);
  });

  // docs/architecture.md "What a first visit downloads": zod (about 26 KB gzipped, and the work
  // of building every shared schema) is fetched when someone reaches into a form, not to paint.
  test('loads without the schema library, which arrives for the first check of the form', async ({
    page,
  }) => {
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response);
    });
    const withZod = async (responses: Response[]) => {
      const bodies = await Promise.all(responses.map((response) => response.text()));
      return responses.filter((_, i) => bodies[i]?.includes('$ZodError')).map((r) => r.url());
    };
    // As on a server with no social sign-in configured (this suite's has one): a list of
    // providers to check is the other thing that fetches the schemas, after the page has painted.
    await page.route('**/api/auth/providers', (route) =>
      route.fulfill({ json: { data: { providers: [] } } }),
    );
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await withZod([...scripts])).toEqual([]);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/required|enter/i).first()).toBeVisible();
    await expect.poll(async () => (await withZod([...scripts])).length).toBeGreaterThan(0);
  });

  test('has a description, a real robots.txt, its chunks named, and its form in the HTML', async ({
    page,
    request,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('Disallow: /api/');
    const html = await (await request.get('/signin')).text();
    // Drawn at build time (docs/architecture.md#prerendered-public-pages), not a loading screen.
    expect(html).toContain('data-prerendered-page="signin"');
    expect(html).toMatch(/<input type="password"[^>]*name="password"/);
    // The page's own chunks are named in its HTML, fetched with the entry (lib/spa.ts).
    expect(html).toMatch(
      /<link rel="modulepreload" crossorigin href="\/assets\/signin-page-[^"]+\.js">/,
    );
    await page.goto('/signin');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /reporting dashboards/,
    );
    await expect(page.locator('.boot-screen')).toHaveCount(0);
  });

  // V8's compile hint, on the chunks large enough for the browser to compile off the main thread
  // while they download (build-plugins/compile-hints.ts), and only on those.
  test('serves its large chunks with the compile hint on their first line', async ({ request }) => {
    const html = await (await request.get('/signin')).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
      ([, path]) => path!,
    );
    const bodies = await Promise.all(scripts.map(async (path) => (await request.get(path)).text()));
    const hinted = bodies.filter((body) => body.startsWith('//# allFunctionsCalledOnLoad\n'));
    expect(hinted.length).toBeGreaterThanOrEqual(2);
    expect(hinted.every((body) => body.length >= 30 * 1024)).toBe(true);
    expect(
      bodies.filter((body) => body.length < 30 * 1024 && body.includes('allFunctionsCalledOnLoad')),
    ).toEqual([]);
  });

  // The zod parsers behind every form compile themselves with `new Function` unless told not to;
  // submitting a form is what first runs one (the fixture fails the test on any violation).
  test('breaks no rule of the Content Security Policy when a form is checked', async ({
    page,
    cspViolations,
  }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/required|enter/i).first()).toBeVisible();
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(cspViolations).toEqual([]);
  });

  test('arrives compressed: every script and stylesheet is sent brotli-encoded', async ({
    page,
  }) => {
    const encodings = new Map<string, string>();
    page.on('response', async (response) => {
      if (!/\.(js|css)$/.test(new URL(response.url()).pathname)) return;
      encodings.set(response.url(), (await response.allHeaders())['content-encoding'] ?? 'none');
    });
    await page.goto('/signin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const large = [...encodings].filter(([url]) => !url.endsWith('/zod-no-eval.js'));
    expect(large.length).toBeGreaterThan(3);
    expect(large.filter(([, encoding]) => encoding !== 'br')).toEqual([]);
  });
});
