import type { Page } from '@playwright/test';
import { apiSignIn, createVerifiedPartner } from '../fixtures/accounts';
import { mailbox } from '../fixtures/mailbox';
import { openSignedIn } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  saveScreen,
  test,
} from '../fixtures/test';

/*
 * Paying for a plan on the built-in card processor (docs/billing.md), as a partner would: the
 * card form, the authentication dialog, the billing screen and its invoices.
 */
const PASSWORD = 'Billing-pass-1!';

function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
}

async function freePartner(page: Page, request: Parameters<typeof apiSignIn>[0], path: string) {
  const email = uniqueEmail('billing');
  await createVerifiedPartner(request, email, PASSWORD);
  await openSignedIn(page, request, await apiSignIn(request, email, PASSWORD), path);
  return email;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await expect(page.getByTestId('card-brand')).toHaveText('Visa');
  await page.getByLabel('Expiry (MM/YY)').fill('1234');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Jo Tester');
}

const pay = (page: Page) => page.getByRole('button', { name: /^Pay and upgrade/ });

test('a free partner upgrades from the Plus dashboard with 4242 and lands on Plus', async ({
  page,
  request,
}) => {
  const email = await freePartner(page, request, '/dashboard/plus');
  await expect(page).toHaveURL(/\/dashboard\/core\?upgrade=plus/);
  await page.getByRole('link', { name: 'Upgrade to see the Plus dashboards' }).click();
  await expect(page).toHaveURL(/\/account\/upgrade\?plan=free_plus/);
  await expect(page.getByRole('radio', { name: /Plus\b/ }).first()).toBeChecked();
  await expect(page.getByText('Test mode — no real money moves')).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'billing-upgrade-en-light');

  await fillCard(page, '4242 4242 4242 4242');
  await pay(page).click();
  await expect(page.getByText('Payment received. Your plan is upgraded.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/plus/, { timeout: 10_000 });
  const receipt = await mailbox.waitFor(email, /plan is now Plus/);
  expect(receipt.text).toContain('/account/billing');
});

test('3155 opens the authentication dialog; completing it activates Plus', async ({
  page,
  request,
}) => {
  await freePartner(page, request, '/account/upgrade?plan=free_plus');
  await fillCard(page, '4000 0025 0000 3155');
  await pay(page).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('authentication-amount')).toHaveText('$49.00');
  await expectNoA11yViolations(page, '[role="dialog"]');
  await saveScreen(page, 'billing-authenticate-en-light');
  await dialog.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/dashboard\/plus/, { timeout: 10_000 });
});

test('3155 refused, and 0002 declined: an error under the card, the plan unchanged', async ({
  page,
  request,
}) => {
  await freePartner(page, request, '/account/upgrade?plan=free_plus');
  await fillCard(page, '4000 0025 0000 3155');
  await pay(page).click();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not authorised' })).toBeVisible();

  await fillCard(page, '4000 0000 0000 0002');
  await pay(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined' })).toBeVisible();
  await saveScreen(page, 'billing-declined-en-light');
  await page.goto('/account/billing');
  await expect(page.getByTestId('billing-price')).toHaveText('Free');
});

test('the billing screen shows the card and invoices; an invoice opens and downloads', async ({
  page,
  request,
}) => {
  await freePartner(page, request, '/account/upgrade?plan=free_plus_ai');
  await fillCard(page, '4242 4242 4242 4242');
  await pay(page).click();
  await expect(page).toHaveURL(/\/dashboard\/plus/, { timeout: 10_000 });

  await page.goto('/account/billing');
  await expect(page.getByTestId('billing-card')).toHaveText('Visa •••• 4242, expires 12/34');
  await expect(page.getByTestId('billing-price')).toHaveText('$99.00 per month');
  await expect(page.getByText(/^Billing cycle /)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'billing-overview-en-light');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /^Download invoice INV-/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);

  await page.getByRole('link', { name: /^View invoice INV-/ }).click();
  await expect(page.getByTestId('invoice-total')).toHaveText('$99.00');
  await expectNoA11yViolations(page);
  await saveScreen(page, 'billing-invoice-en-light');

  // A lower plan waits for the period end, and can be undone.
  await page.goto('/account/billing');
  await page.getByRole('button', { name: 'Change plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  // Opened with the mouse, no plan wears a focus ring (it read as a second selection); the
  // keyboard's focus still shows one.
  const ringed = () =>
    dialog
      .locator('[role="radiogroup"] > label')
      .evaluateAll(
        (cards) => cards.filter((card) => getComputedStyle(card).boxShadow !== 'none').length,
      );
  await expect(dialog.locator('input[type="radio"]:focus')).toHaveCount(1);
  expect(await ringed()).toBe(0);
  await page.keyboard.press('ArrowRight');
  await expect.poll(ringed).toBe(1);
  await dialog.locator('label', { has: page.locator('input[value="free_plus"]') }).click();
  await expect(dialog.getByTestId('plan-change-summary')).toContainText(
    'Nothing is charged today. Then $49.00 per month',
  );
  await dialog.getByRole('button', { name: /^Switch on / }).click();
  await expect(page.getByText(/^Switches to Plus on /)).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText(/^Switches to Plus on /)).toHaveCount(0);
});

test.describe('billing in Spanish, dark, at phone width', () => {
  test.use({ locale: 'es-ES', colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('the upgrade and billing screens fit and are axe-clean', async ({ page, request }) => {
    const email = uniqueEmail('billing-es');
    await createVerifiedPartner(request, email, PASSWORD);
    const session = await apiSignIn(request, email, PASSWORD);
    await openSignedIn(page, request, session, '/account/upgrade?plan=free_pro', {
      locale: 'es',
      dark: true,
    });
    await expect(page.getByText('Modo de prueba: no se mueve dinero real')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await saveScreen(page, 'billing-upgrade-es-dark-phone');
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByLabel('Caducidad (MM/AA)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Nombre en la tarjeta').fill('Lucía Tester');
    await page.getByRole('button', { name: /^Pagar y pasar a Pro/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/plus/, { timeout: 10_000 });
    await page.goto('/account/billing');
    await expect(page.getByTestId('billing-card')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await saveScreen(page, 'billing-overview-es-dark-phone');

    // A move down says when it happens and what it costs from then, before anything changes.
    await page.getByRole('button', { name: 'Cambiar de plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar de plan' });
    await dialog.locator('label', { has: page.locator('input[value="free_plus_ai"]') }).click();
    await expect(dialog.getByTestId('plan-change-summary')).toContainText('Hoy no se cobra nada.');
    await expect(dialog.getByRole('button', { name: /^Cambiar el / })).toBeEnabled();
    await expectNoA11yViolations(page, '[role="dialog"]');
    await saveScreen(page, 'billing-change-plan-es-dark-phone');
  });
});

for (const look of [
  {
    name: 'English, dark',
    locale: 'en',
    dark: true,
    pay: /^Pay and upgrade/,
    changePlan: 'Change plan',
    payChange: /^Pay .+ and switch$/,
    viewInvoice: 'View invoice',
  },
  {
    name: 'Spanish, light',
    locale: 'es',
    dark: false,
    pay: /^Pagar y pasar a/,
    changePlan: 'Cambiar de plan',
    payChange: /^Pagar .+ y cambiar$/,
    viewInvoice: 'Ver factura',
  },
] as const) {
  test.describe(`billing in ${look.name}, on a desktop`, () => {
    test.use({ colorScheme: look.dark ? 'dark' : 'light', locale: `${look.locale}-ES` });

    test('the billing screen reads and is axe-clean', async ({ page, request }) => {
      const email = uniqueEmail(`billing-${look.locale}`);
      await createVerifiedPartner(request, email, PASSWORD);
      const session = await apiSignIn(request, email, PASSWORD);
      await openSignedIn(page, request, session, '/account/upgrade?plan=free_plus', look);
      await page.locator('input[name="card-number"]').fill('4242 4242 4242 4242');
      await page.locator('input[name="card-expiry"]').fill('12/34');
      await page.locator('input[name="card-cvc"]').fill('123');
      await page.locator('input[name="card-name"]').fill('Jo Tester');
      await page.getByRole('button', { name: look.pay }).click();
      await expect(page).toHaveURL(/\/dashboard\/plus/, { timeout: 10_000 });
      await page.goto('/account/billing');
      await expect(page.getByTestId('billing-card')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectNoA11yViolations(page);
      await saveScreen(page, `billing-overview-${look.locale}-${look.dark ? 'dark' : 'light'}`);

      // Plus → Plus AI: the amount due today is shown first, and the toast names that charge.
      await page.getByRole('button', { name: look.changePlan }).click();
      const dialog = page.getByRole('dialog', { name: look.changePlan });
      await dialog.locator('label', { has: page.locator('input[value="free_plus_ai"]') }).click();
      const due = dialog.getByTestId('plan-change-due');
      await expect(due).toHaveText(/\d/);
      const amount = (await due.textContent()) ?? '';
      await expectNoA11yViolations(page, '[role="dialog"]');
      await saveScreen(page, `billing-change-plan-${look.locale}-${look.dark ? 'dark' : 'light'}`);
      await dialog.getByRole('button', { name: look.payChange }).click();
      await expect(page.getByRole('status').filter({ hasText: amount }).first()).toBeVisible();
      await page.getByRole('button', { name: look.viewInvoice }).click();
      await expect(page.getByTestId('invoice-total')).toHaveText(amount);
    });
  });
}
