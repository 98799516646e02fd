import type { Page } from '@playwright/test';
import { runAdmin } from '../fixtures/admin-cli';
import { startAppServer, type AppServer } from '../fixtures/app-server';
import { authenticator } from '../fixtures/authenticator';
import { DEMO_PASSWORD } from '../fixtures/demo-sign-in';
import { findFreePort } from '../fixtures/free-port';
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  saveScreen,
  test,
} from '../fixtures/test';

/*
 * The operator console (docs/product.md#operator-console), as an operator meets it: made by
 * `npm run admin -- create-master` on a server of this journey's own (the embedded database has
 * one user at a time), signed in with the link it prints, 2FA turned on because the console asks
 * for it, then the overview, an account, and a support session for the demo owner, with a
 * reason and a fresh code, ended from the banner.
 */
const OPERATOR = 'ops-e2e@example.test';
const OWNER = 'owner@demo.test';

let server: AppServer;

test.beforeAll(async () => {
  const port = await findFreePort();
  server = await startAppServer(port, {});
});
test.afterAll(async () => {
  await server?.stop();
});

/**
 * The operator, made by the admin command while the server runs (the server runs it on its
 * embedded database); answers their sign-in link.
 */
async function createOperator(): Promise<string> {
  const output = await runAdmin(server.dataDir, ['create-master', OPERATOR]);
  const token = /\/magic\?token=([\w-]+)/.exec(output)?.[1];
  if (!token) throw new Error(`no sign-in link in: ${output}`);
  return `${server.url}/magic?token=${token}`;
}

/** The demo owner lets support in (Help → support access), through the API as the screen does. */
async function allowSupport(page: Page): Promise<void> {
  const api = page.context().request;
  const health = await api.get(`${server.url}/api/health`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers()['set-cookie'] ?? '')?.[1] ?? '';
  const headers = { 'x-xsrf-token': xsrf, cookie: `XSRF-TOKEN=${xsrf}` };
  const signIn = await api.post(`${server.url}/api/auth`, {
    headers,
    data: { email: OWNER, password: DEMO_PASSWORD },
  });
  const { token } = ((await signIn.json()) as { data: { token: string } }).data;
  const allowed = await api.patch(`${server.url}/api/user`, {
    headers: { ...headers, authorization: `Bearer ${token}` },
    data: { support_enabled: true },
  });
  expect(allowed.status()).toBe(200);
}

test('an operator turns on 2FA, reads the overview, finds an account and helps its owner in a support session', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const link = await createOperator();
  await allowSupport(page);

  // An operator's home is the console, which asks for 2FA first.
  await page.goto(link);
  await expect(page).toHaveURL(/\/master$/);
  await expect(
    page.getByRole('heading', { name: 'Turn on two-factor authentication to use the console' }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: 'Set up two-factor authentication' }).click();
  await expect(page).toHaveURL(/\/account\/2fa$/);
  await page.getByRole('switch', { name: /Two-factor authentication/ }).click();
  const app = authenticator((await page.getByTestId('totp-secret').textContent()) ?? '');
  await page.getByRole('textbox').first().click();
  await page.keyboard.insertText(await app.code());
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText('Store your backup code safely')).toBeVisible();

  // The overview: figures and trend charts drawn on canvases.
  await page.goto(`${server.url}/master`);
  await expect(page.getByRole('heading', { name: 'Key figures' })).toBeVisible();
  await expect(page.getByText('Sign-ups', { exact: true }).first()).toBeVisible();
  await expect(page.locator('canvas').first()).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'console-overview-en-light');

  // An account, by its owner's e-mail.
  await page.getByRole('link', { name: 'Accounts' }).first().click();
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(OWNER);
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await page.getByRole('link', { name: 'Northwind Media' }).click();
  await expect(page.getByRole('heading', { name: 'Northwind Media' })).toBeVisible();
  await expect(page.getByText(OWNER).first()).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'console-account-en-light');

  // The owner's user, and a support session with a reason and a fresh code.
  await page.getByRole('link', { name: 'Users' }).first().click();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(OWNER);
  // The list follows the search as it is typed: wait for the one match before opening it.
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await page.getByRole('link', { name: OWNER }).click();
  await expect(page.getByRole('heading', { name: 'User details' })).toBeVisible();
  await page.getByRole('button', { name: 'Act as this user' }).click();
  const dialog = page.getByRole('dialog', { name: `Act as ${OWNER}` });
  await dialog.getByLabel('Reason').fill('Ticket 4411: the Plus dashboard looks empty');
  await dialog.getByRole('button', { name: 'Start support session' }).click();
  const confirm = page.getByRole('dialog', { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  // Stacked on the reason's dialog, whose button turns while the action waits for the code.
  await saveScreen(page, 'console-step-up-en-light');
  // Checked alone: the reason's dialog beneath is hidden from assistive technology while this one
  // is open, as it should be, and its waiting button keeps turning.
  const confirmId = await confirm.getAttribute('id');
  expect(confirmId).toBeTruthy();
  await expectNoA11yViolations(page, `[id="${confirmId}"]`);
  await confirm.getByRole('textbox').first().click();
  await page.keyboard.insertText(await app.code());
  await confirm.getByRole('button', { name: 'Confirm' }).click();

  const banner = page.getByRole('region', { name: 'Support session' });
  await expect(banner).toContainText(`you are acting as ${OWNER}`);
  await expect(page).toHaveURL(/\/(welcome|dashboard\/core)$/);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'support-session-banner-en-light');

  // A credential change is refused to a support session, with a message saying so.
  await page.goto(`${server.url}/account/password`);
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Stop impersonating' }).click();
  await expect(page).toHaveURL(/\/master$/);
  await expect(page.getByRole('region', { name: 'Support session' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Key figures' })).toBeVisible();

  // The console in Spanish and dark, at phone width: it reads, fits and stays axe-clean.
  await lookAs(page, { locale: 'es', dark: true });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, name] of [
    ['/master', 'overview'],
    ['/master/accounts', 'accounts'],
    ['/master/users', 'users'],
    ['/master/feedback', 'feedback'],
    ['/master/events', 'events'],
  ] as const) {
    await page.goto(`${server.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoA11yViolations(page);
    await expectNoSidewaysScroll(page);
    await saveScreen(page, `console-${name}-es-dark-phone`);
  }
});

/** Saves a language and theme on the signed-in user, as the toggles do (from the page), and reloads. */
async function lookAs(page: Page, look: { locale: 'en' | 'es'; dark: boolean }): Promise<void> {
  const status = await page.evaluate(async ({ locale, dark }) => {
    const session = JSON.parse(localStorage.getItem('partner-portal.session') ?? '{}') as {
      token?: string;
    };
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const answer = await fetch('/api/user', {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        'x-xsrf-token': decodeURIComponent(xsrf),
        authorization: `Bearer ${session.token ?? ''}`,
      },
      body: JSON.stringify({ locale, dark_mode: dark }),
    });
    return answer.status;
  }, look);
  expect(status).toBe(200);
  await page.reload();
}
