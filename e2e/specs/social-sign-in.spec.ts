import { SOCIAL_PERSON } from '../fixtures/oidc-provider';
import { expect, expectNoA11yViolations, saveScreen, test } from '../fixtures/test';

test('social sign-in: a new person signs up through the provider, then comes back by subject', async ({
  page,
}) => {
  await page.goto('/signin');
  const sso = page.getByRole('link', { name: 'Continue with Acme SSO' });
  await expect(sso).toBeVisible();
  // Only configured providers get a button.
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);
  await saveScreen(page, 'signin-with-providers');
  await sso.click();

  // Provider → /auth/oidc/callback → /signin/social?token= → signed in; new, so the plan step.
  await expect(page).toHaveURL(/\/signup\/plan$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  const name = `${SOCIAL_PERSON.given_name} ${SOCIAL_PERSON.family_name}`;
  await page.getByRole('button', { name: new RegExp(`${name}, account menu`) }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/signin$/);

  // Back through the guard: the page asked for is where the second sign-in returns.
  await page.goto('/account/profile');
  await expect(page).toHaveURL(/\/signin\?redirect=%2Faccount%2Fprofile$/);
  await page.getByRole('link', { name: 'Continue with Acme SSO' }).click();
  await expect(page).toHaveURL(/\/account\/profile$/);
});

test.describe('social sign-in failure screen', () => {
  test('in English, light', async ({ page }) => {
    await page.goto('/signin/social?provider=oidc&error=email_in_use');
    await expect(
      page.getByText('Something went wrong. Please try signing in again.'),
    ).toBeVisible();
    await expect(page.getByText(/An account already uses this email/)).toBeVisible();
    await expectNoA11yViolations(page);
    await saveScreen(page, 'signin-social-failed-en-light');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/signin$/);
  });

  test.describe('in Spanish, dark', () => {
    test.use({ locale: 'es-ES', colorScheme: 'dark' });
    test('words the failure in Spanish', async ({ page }) => {
      await page.goto('/signin/social?provider=oidc&token=not-a-real-token-1234567890');
      await expect(
        page.getByText('Algo salió mal. Vuelve a intentar iniciar sesión'),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveClass(/\bdark\b/);
      await expectNoA11yViolations(page);
      await saveScreen(page, 'signin-social-failed-es-dark');
    });
  });
});
