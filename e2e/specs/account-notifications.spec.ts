import { createVerifiedPartner } from '../fixtures/accounts';
import { switchLook } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  saveScreen,
  test,
  expectNoSidewaysScroll,
} from '../fixtures/test';

test('the account overview and notification switches, also in Spanish, dark, on a phone', async ({
  page,
  request,
}) => {
  const email = `notify-${Date.now()}@example.test`;
  await createVerifiedPartner(request, email, 'Notify-pass-1!');
  await page.goto('/signin');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Notify-pass-1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);

  // The account overview leads there.
  await page.goto('/account');
  await expect(page.getByRole('link', { name: /Notifications/ }).last()).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'account-overview-en-light');

  await page.goto('/account/notifications');
  const newSignin = page.getByRole('switch', { name: 'New sign-in' });
  await expect(newSignin).toBeChecked();
  await expectNoA11yViolations(page);
  await newSignin.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notification settings saved', { exact: true })).toBeVisible();
  await saveScreen(page, 'account-notifications-en-light');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'New sign-in' })).not.toBeChecked();

  await page.setViewportSize({ width: 390, height: 844 });
  await switchLook(page, request, { locale: 'es', dark: true });
  await expect(page.getByRole('switch', { name: 'Nuevo inicio de sesión' })).not.toBeChecked();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'account-notifications-es-dark-phone');
  await page.goto('/account');
  await expect(page.getByText('Elige qué correos recibes.')).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'account-overview-es-dark-phone');
});
