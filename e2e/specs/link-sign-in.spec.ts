import { createVerifiedPartner } from '../fixtures/accounts';
import { mailbox } from '../fixtures/mailbox';
import { expect, expectNoA11yViolations, saveScreen, test } from '../fixtures/test';

test('magic link: the toggle hides the password, the mailed link signs in once', async ({
  page,
  request,
}) => {
  const email = `magic-${Date.now()}@example.test`;
  await createVerifiedPartner(request, email, 'Magic-pass-1!');

  await page.goto('/signin');
  await page.getByRole('button', { name: 'Email me a sign-in link instead' }).click();
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  await saveScreen(page, 'signin-magic-sent');

  const link = mailbox.linkIn(await mailbox.waitFor(email, /sign-in link/));
  await page.goto(link);
  await expect(page).toHaveURL(/\/welcome$/);

  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.getByText('This sign-in link no longer works', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  // The way on is a new link: the sign-in page opens on the link form.
  await page.getByRole('link', { name: 'Send me a new link' }).click();
  await expect(page).toHaveURL(/\/signin\?link=1$/);
  await expect(page.getByRole('button', { name: 'Send me a link' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('forgot password → reset → the old password is refused', async ({ page, request }) => {
  const email = `reset-${Date.now()}@example.test`;
  await createVerifiedPartner(request, email, 'Old-password-1!');

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();

  const link = mailbox.linkIn(await mailbox.waitFor(email, /Reset your Partner Portal password/));
  // The link's page arrives drawn, for this address, before any script runs.
  const html = await (await request.get(link)).text();
  expect(html).toContain('data-prerendered-page="reset-password"');
  expect(html).toContain(email);
  await page.goto(link);
  await expectNoA11yViolations(page);
  // The link names whose password it resets: the address is shown, not asked for again.
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByLabel(/^Email/)).toHaveCount(0);
  await page.getByLabel(/^New password/).fill('New-password-2!');
  await saveScreen(page, 'reset-password');
  await page.getByRole('button', { name: 'Set new password and sign in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await mailbox.waitFor(email, /password was changed/);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/signin');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Old-password-1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await page.getByLabel(/^Password/).fill('New-password-2!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});
