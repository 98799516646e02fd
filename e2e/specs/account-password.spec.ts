import type { Page } from '@playwright/test';
import { createVerifiedPartner } from '../fixtures/accounts';
import { switchLook } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  saveScreen,
  test,
  expectNoSidewaysScroll,
} from '../fixtures/test';

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
}

test('changing the password signs out another browser, not this one', async ({
  page,
  browser,
  request,
}) => {
  const email = `password-${Date.now()}@example.test`;
  await createVerifiedPartner(request, email, 'First-pass-1!');
  await signIn(page, email, 'First-pass-1!');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, 'First-pass-1!');

  await page.goto('/account/password');
  await expectNoA11yViolations(page);
  await page.getByLabel(/^Current password/).fill('First-pass-1!');
  await page.getByLabel(/^New password/).fill('Second-pass-2!');
  await saveScreen(page, 'account-password-en-light');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password Saved', { exact: true })).toBeVisible();

  // The other browser's session has ended; this one carries on.
  await otherPage.goto('/account/profile');
  await expect(otherPage).toHaveURL(/\/signin/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Password', level: 1 })).toBeVisible();
  await other.close();
});

test.describe('the password screen in Spanish, dark, at phone width', () => {
  test.use({ locale: 'es-ES', colorScheme: 'dark', viewport: { width: 390, height: 844 } });
  test('is axe-clean and fits', async ({ page, request }) => {
    const email = `password-es-${Date.now()}@example.test`;
    await createVerifiedPartner(request, email, 'First-pass-1!');
    await page.goto('/signin');
    await page.getByLabel(/^Correo/).fill(email);
    await page.getByLabel(/^Contraseña/).fill('First-pass-1!');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/welcome$/);
    await switchLook(page, request, { locale: 'es', dark: true });
    await page.goto('/account/password');
    await expect(page.getByLabel(/^Contraseña actual/)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoA11yViolations(page);
    await saveScreen(page, 'account-password-es-dark-phone');
  });
});
