import { request as requests, type Page } from '@playwright/test';
import { runAdmin } from '../fixtures/admin-cli';
import { startAppServer, type AppServer } from '../fixtures/app-server';
import { signInAsDemo } from '../fixtures/demo-sign-in';
import { findFreePort } from '../fixtures/free-port';
import { mailbox } from '../fixtures/mailbox';
import { switchLook } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  saveScreen,
  saveViewport,
  test,
} from '../fixtures/test';

/*
 * docs/product.md#report-digests as the demo owner sees it: turn the digest on and preview it (the
 * last complete period, built by the mail's own composer; the server tests hold both to the
 * reports API), then `npm run admin -- send-digests` (run by this journey's server, which holds
 * the embedded database) mails the next one to the SMTP catcher, and its unsubscribe link turns
 * it off without signing in.
 */
const OWNER = 'owner@demo.test';
const DAY_MS = 86_400_000;

let server: AppServer;
let port: number;
const smtp = () => ({ SMTP_URL: process.env.E2E_SMTP_URL ?? '' });

test.beforeAll(async () => {
  port = await findFreePort();
  server = await startAppServer(port, smtp());
});
test.afterAll(async () => {
  await server?.stop();
});

function signIn(page: Page) {
  return signInAsDemo(page, OWNER, server.url);
}

/** The first money figure a digest's revenue tile shows, e.g. "$12,345.67". */
function revenueIn(text: string): string {
  const figure = /Revenue\s+(\$[\d,]+(?:\.\d\d)?)/.exec(text)?.[1];
  if (!figure) throw new Error(`No revenue figure in the digest:\n${text}`);
  return figure;
}

/** The revenue figure of the preview on screen. */
async function previewRevenue(page: Page): Promise<string> {
  const frame = page.frameLocator('iframe[title="Preview of your report digest"]');
  await expect(frame.locator('body')).toContainText('Revenue', { timeout: 15_000 });
  return revenueIn(await frame.locator('body').innerText());
}

test('turn the digest on, preview it, get the next one by mail, and unsubscribe signed out', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  await page.goto(`${server.url}/account/notifications`);
  const digest = page.getByRole('switch', { name: 'Report digest' });
  await expect(digest).not.toBeChecked();
  await digest.click();
  await page.getByLabel(/^Daily/).check();
  await page.getByLabel('Time zone').selectOption('UTC');
  await page.getByLabel(/Attach the period's rows as a CSV/).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved', { exact: true })).toBeVisible();
  expect(await previewRevenue(page)).toMatch(/^\$/);
  await expect(page.getByText(/^Attachment: report-.*\.csv$/)).toBeVisible();
  // The preview frame is the mail, checked on a page of its own below.
  await expectNoA11yViolations(page, undefined, { iframes: false });
  await saveScreen(page, 'account-digest-en-light', { axe: false });

  await page.setViewportSize({ width: 390, height: 844 });
  const api = await requests.newContext({ baseURL: server.url });
  await switchLook(page, api, { locale: 'es', dark: true });
  await expect(page.getByRole('switch', { name: 'Resumen de informes' })).toBeChecked();
  await expect(page.frameLocator('iframe').first().locator('body')).toContainText('Ingresos', {
    timeout: 15_000,
  });
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page, undefined, { iframes: false });
  await saveScreen(page, 'account-digest-es-dark-phone', { axe: false });
  // A full-page capture leaves a frame below the fold unpainted: the preview as scrolled to.
  await page.locator('iframe').first().scrollIntoViewIfNeeded();
  await saveViewport(page, 'account-digest-es-dark-phone-preview');
  await switchLook(page, api, { locale: 'en', dark: false });
  await api.dispose();
  await page.setViewportSize({ width: 1280, height: 900 });

  // An hour after the next digest falls due (08:00 UTC today, or tomorrow once past): a period
  // due before the digest was turned on is never sent, so the preview's is not mailed.
  const now = new Date();
  const sendDay = new Date(now.getTime() + (now.getUTCHours() >= 8 ? DAY_MS : 0));
  const asOf = `${sendDay.toISOString().slice(0, 10)}T09:00:00Z`;
  // Run by the server itself, which holds the embedded database: no restart needed.
  const output = await runAdmin(server.dataDir, ['send-digests', '--as-of', asOf]);
  expect(output).toMatch(/: [1-9]\d* sent, \d+ skipped, 0 failed\./);

  const mail = await mailbox.waitFor(OWNER, /^Your daily report for Northwind Media/);
  const revenue = revenueIn(mail.text);
  expect(mail.html).toContain(revenue);
  expect(mail.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  const oneClick = /^<(.+)>$/.exec(mail.listUnsubscribe ?? '')?.[1];
  expect(oneClick).toMatch(/\/api\/digest\/unsubscribe\?token=/);
  expect(mail.attachments).toHaveLength(1);
  expect(mail.attachments[0]?.content.split('\n')[0]).toMatch(/^date,advertiser,campaign/);

  // The mail as a mail client draws it, wide and on a phone.
  const mailClient = await browser.newContext();
  const viewer = await mailClient.newPage();
  for (const width of [1280, 390, 320]) {
    await viewer.setViewportSize({ width, height: 1000 });
    await viewer.setContent(mail.html);
    await expect(viewer.getByText(revenue, { exact: true }).first()).toBeVisible();
    await expectNoSidewaysScroll(viewer);
    await expectNoA11yViolations(viewer, undefined, { pageRules: false });
    await saveScreen(viewer, `digest-mail-en-${width}`, { axe: false });
  }
  await mailClient.close();

  // The link in the mail, in a browser that is not signed in: it asks, then unsubscribes.
  const link = mail.text.split(/\s+/).find((word) => word.includes('/unsubscribe?token='));
  expect(link).toBeDefined();
  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  expect(link!.startsWith(`${server.url}/unsubscribe?token=`)).toBe(true);
  await visitor.goto(link!);
  await expect(visitor.getByRole('heading', { name: 'Stop report digests?' })).toBeVisible();
  await expectNoA11yViolations(visitor);
  await saveScreen(visitor, 'unsubscribe-en-light');
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await saveScreen(visitor, 'unsubscribe-done-en-light');
  await stranger.close();

  // The same link on a Spanish phone in dark mode: it asks again (it never acts on load).
  const phone = await browser.newContext({
    locale: 'es-ES',
    colorScheme: 'dark',
    viewport: { width: 390, height: 844 },
  });
  const reader = await phone.newPage();
  await reader.goto(link!);
  await expect(
    reader.getByRole('heading', { name: '¿Dejar de recibir los resúmenes de informes?' }),
  ).toBeVisible();
  await expect(reader.locator('html')).toHaveClass(/\bdark\b/);
  await expectNoSidewaysScroll(reader);
  await expectNoA11yViolations(reader);
  await saveScreen(reader, 'unsubscribe-es-dark-phone');
  await phone.close();

  // The mail client's own button after it: the same answer.
  const again = await request.post(oneClick!, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(again.status()).toBe(200);

  await signIn(page);
  await page.goto(`${server.url}/account/notifications`);
  await expect(page.getByRole('switch', { name: 'Report digest' })).not.toBeChecked();
});
