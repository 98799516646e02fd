import { mailbox } from '../fixtures/mailbox';
import { expect, expectNoA11yViolations, saveScreen, test } from '../fixtures/test';

test('sign up → verification mail → verify → free plan → welcome, then sign out and back in', async ({
  page,
}) => {
  const email = `e2e-${Date.now()}@example.test`;
  const password = 'Journey-pass-1!';

  await page.goto('/signup?partner=Globex%20Media');
  await expect(page.getByLabel(/^Partner name/)).toHaveValue('Globex Media');
  await expectNoA11yViolations(page);
  await page.getByLabel(/^First name/).fill('Grace');
  await page.getByLabel(/^Last name/).fill('Hopper');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await saveScreen(page, 'signup-filled');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/signup\/verify$/);
  await expect(page.getByText('Check your inbox')).toBeVisible();
  await saveScreen(page, 'signup-verify');

  const mail = await mailbox.waitFor(email, /Verify your email address/);
  const link = mailbox.linkIn(mail);
  expect(link).toContain('/signup/verify?token=');
  await page.goto(link);

  await expect(page).toHaveURL(/\/signup\/plan$/);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'signup-plan');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the core dashboard' })).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'welcome');

  // The used link is refused: "This verification link has expired".
  await page.goto(link);
  await expect(page.getByText(/^This verification link has expired/).first()).toBeVisible();

  await page.goto('/welcome');
  await page.getByRole('button', { name: /Grace Hopper, account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Wrong-pass-1!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});

test('the verification link opened on another device, signed out, verifies and signs in, in the look chosen at sign-up', async ({
  page,
  browser,
}) => {
  const email = `e2e-device-${Date.now()}@example.test`;
  // Signed up on a dark device: that look is the new user's, past the sign-up screens too.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/signup');
  await page.getByLabel(/^Partner name/).fill('Initech');
  await page.getByLabel(/^First name/).fill('Peter');
  await page.getByLabel(/^Last name/).fill('Gibbons');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill('Journey-pass-1!');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signup\/verify$/);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);

  const link = mailbox.linkIn(await mailbox.waitFor(email, /Verify your email address/));
  // A second browser with nothing stored, on a light system: the phone the mail was read on.
  const phone = await browser.newContext({ colorScheme: 'light' });
  try {
    const onPhone = await phone.newPage();
    await onPhone.goto(link);
    await expect(onPhone).toHaveURL(/\/signup\/plan$/);
    await expect(onPhone.getByRole('button', { name: 'Continue' })).toBeVisible();
    // Signed in there as the new user, whose stored look is the dark they signed up in.
    await expect(onPhone.locator('html')).toHaveClass(/\bdark\b/);
  } finally {
    await phone.close();
  }
});
