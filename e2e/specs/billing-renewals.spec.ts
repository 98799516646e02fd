import type { Page } from '@playwright/test';
import { runAdmin } from '../fixtures/admin-cli';
import { startAppServer, type AppServer } from '../fixtures/app-server';
import { signInAsDemo } from '../fixtures/demo-sign-in';
import { findFreePort } from '../fixtures/free-port';
import { expect, expectNoA11yViolations, saveScreen, test } from '../fixtures/test';

/*
 * What happens at the end of a billing period on the built-in card processor (docs/billing.md
 * "Its clock"), seen by the demo owner: a server of this journey's own, stopped so that
 * `npm run admin -- billing-advance` can move the account's billing clock (the embedded database
 * has one user at a time), then started again on the same data.
 */
const OWNER = 'owner@demo.test';

let server: AppServer;
let port: number;

test.beforeAll(async () => {
  port = await findFreePort();
  server = await startAppServer(port, {});
});
test.afterAll(async () => {
  await server?.stop();
});

/** Moves the billing clock with the admin command, which the running server runs for it. */
function advance(days: number): Promise<string> {
  return runAdmin(server.dataDir, ['billing-advance', OWNER, String(days)]);
}

function signIn(page: Page) {
  return signInAsDemo(page, OWNER, server.url);
}

test('a downgrade applies at the period end; a renewal that fails sends the owner to billing', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page);

  // Northwind pays for Plus; Core from the period end.
  await page.goto(`${server.url}/account/billing`);
  await page.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  await dialog.locator('label', { has: page.locator('input[value="free_core"]') }).click();
  await dialog.getByRole('button', { name: /^Switch on / }).click();
  await expect(page.getByText(/^Switches to Core on /)).toBeVisible();

  expect(await advance(31)).toContain('plan free_core, subscription active');
  await page.goto(`${server.url}/account/billing`);
  await expect(page.getByTestId('billing-price')).toHaveText('Free');
  await expect(page.getByRole('link', { name: 'Upgrade' })).toBeVisible();

  // Plus again, with a card whose renewals fail.
  await page.goto(`${server.url}/account/upgrade?plan=free_plus`);
  await page.getByLabel('Card number').fill('4000 0000 0000 0341');
  await page.getByLabel('Expiry (MM/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Dana Demo');
  await page.getByRole('button', { name: /^Pay and upgrade/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/plus/, { timeout: 15_000 });

  expect(await advance(31)).toContain('subscription past_due');
  // Any screen but billing, account and profile sends the owner to billing, which says why.
  await page.goto(`${server.url}/dashboard/core`);
  await expect(page).toHaveURL(/\/account\/billing/, { timeout: 15_000 });
  await expect(page.getByText('Your latest payment failed')).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'billing-past-due-en-light');
});
