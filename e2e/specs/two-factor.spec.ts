import { readFileSync } from 'node:fs';
import { createVerifiedPartner } from '../fixtures/accounts';
import { authenticator } from '../fixtures/authenticator';
import { expect, expectNoA11yViolations, saveScreen, test } from '../fixtures/test';

test('enable 2FA → sign out → sign in with a code → sign in again with the backup code', async ({
  page,
  request,
}) => {
  const email = `totp-${Date.now()}@example.test`;
  const password = 'Totp-pass-1!';
  await createVerifiedPartner(request, email, password);

  const signInWithPassword = async () => {
    await page.goto('/signin');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  await signInWithPassword();
  await expect(page).toHaveURL(/\/welcome$/);

  await page.goto('/account/2fa');
  await expect(page.getByText('Protect your account')).toBeVisible();
  const toggle = page.getByRole('switch', { name: /Two-factor authentication/ });
  await toggle.click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // Not on until the first code is in: the switch says so, and is held while the step is open.
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeDisabled();
  const app = authenticator((await page.getByTestId('totp-secret').textContent()) ?? '');
  await saveScreen(page, 'two-factor-scan');
  await page.getByRole('textbox').first().click();
  await page.keyboard.insertText(await app.code());
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByText('Store your backup code safely')).toBeVisible();
  const backup = (await page.getByTestId('backup-code').textContent()) ?? '';
  expect(backup).toMatch(/^[A-Z2-9]{10}$/);
  await expect(toggle).toBeChecked();
  // The code can be kept as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download as a file' }).click();
  const file = await (await download).path();
  expect(readFileSync(file, 'utf8')).toContain(backup);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'two-factor-backup');

  await page.evaluate(() => localStorage.clear());
  await signInWithPassword();
  await expect(page).toHaveURL(/\/signin\/otp\?token=/);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'signin-otp');
  await page.getByRole('textbox').first().click();
  await page.keyboard.insertText(await app.code());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);

  await page.evaluate(() => localStorage.clear());
  await signInWithPassword();
  await expect(page).toHaveURL(/\/signin\/otp/);
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel(/^Backup code/).fill(backup);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});
