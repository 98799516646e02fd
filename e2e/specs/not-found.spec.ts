import { expect, expectNoA11yViolations, saveScreen, test } from '../fixtures/test';

test.describe('404 page', () => {
  for (const [path, status] of [
    // A path that is none of the app's is a real 404, answered with the prerendered page.
    ['/this/does/not/exist', 404],
    ['/notfound', 200],
    ['/404', 200],
  ] as const) {
    test(`shows the not-found page for ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expect(
        page.getByRole('heading', { name: /the page you're looking for doesn't exist/i }),
      ).toBeVisible();
    });
  }

  test('its button leads on to the core dashboard (and from there to sign-in when signed out)', async ({
    page,
  }) => {
    await page.goto('/nowhere');
    await saveScreen(page, 'not-found-light');
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: /dashboard/i }).click();
    // Signed out, the guard sends the visitor to sign in, remembering the dashboard.
    await expect(page).toHaveURL(/\/signin\?redirect=%2Fdashboard%2Fcore$/);
  });

  test('unknown API paths stay JSON 404s', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
  });
});
