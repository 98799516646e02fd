import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, createVerifiedPartner, xsrfHeaders } from '../fixtures/accounts';
import { LOOKS, viewportOf } from '../fixtures/looks';
import { openSignedIn } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  saveScreen,
  test,
} from '../fixtures/test';

const PASSWORD = 'Key-owner-1!';

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

/** What an integration is: a client with no cookie, only the key, as curl would send it. */
async function integration(baseURL: string, key: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${key}` },
  });
}

async function ownerSession(request: APIRequestContext, label: string) {
  const email = `keys-${label}-${Date.now()}@example.test`;
  await createVerifiedPartner(request, email, PASSWORD);
  return { email, session: await apiSignIn(request, email, PASSWORD) };
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an owner makes a key, copies it, lists the team and downloads a CSV with it, then revokes it', async ({
  page,
  request,
  baseURL,
}) => {
  const { email, session } = await ownerSession(request, 'journey');
  await openSignedIn(page, request, session, '/account/apikeys');
  await expect(page.getByText('No API keys yet')).toBeVisible();
  await expect(page.getByText(/curl -H "Authorization: Bearer pp_…"/).first()).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('button', { name: 'New API key' }).first().click();
  const create = page.getByRole('dialog', { name: 'New API key' });
  await create.getByLabel('Name').fill('Warehouse sync');
  await create.getByRole('checkbox', { name: /^user\.read/ }).check();
  await create.getByRole('checkbox', { name: /^report\.export/ }).check();
  await expectNoA11yViolations(page);
  await create.getByRole('button', { name: 'Create key' }).click();

  const reveal = page.getByRole('dialog', { name: 'Warehouse sync is ready' });
  const field = reveal.getByRole('textbox', { name: 'API key' });
  const key = await field.inputValue();
  expect(key).toMatch(/^pp_test_[0-9A-Za-z]{38}$/);
  await reveal.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Copied').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'api-keys-reveal-en-light');
  await reveal.getByRole('button', { name: 'Done' }).click();
  await expect(row(page, 'Warehouse sync')).toContainText('Active');
  await expect(page.getByText(key)).toHaveCount(0);

  const client = await integration(baseURL!, key);
  try {
    const team = await client.get('/api/account/users');
    expect(team.status()).toBe(200);
    expect(JSON.stringify(await team.json())).toContain(email);
    const csv = await client.get(
      '/api/reports.csv?from=2026-01-01&to=2026-01-31&dimension=advertiser',
    );
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toMatch(/^advertiser,impressions,clicks,conversions,revenue,payout/);
    const lacking = await client.get('/api/account');
    expect(lacking.status()).toBe(403);
    expect((await lacking.json()).message).toContain('account.read');

    await row(page, 'Warehouse sync')
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Revoke' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke key' }).click();
    await expect(row(page, 'Warehouse sync')).toContainText('Revoked');
    await expect.poll(async () => (await client.get('/api/account/users')).status()).toBe(401);
  } finally {
    await client.dispose();
  }
});

test.describe('the API keys screen in every look', () => {
  for (const { name, look, phone } of LOOKS) {
    test.describe(name, () => {
      test.use({ viewport: viewportOf(phone) });

      test('lists a key and opens the create dialog, axe-clean', async ({ page, request }) => {
        const { session } = await ownerSession(request, name);
        const made = await request.post('/api/key', {
          headers: {
            ...(await xsrfHeaders(request)),
            authorization: `Bearer ${session.token}`,
          },
          data: { name: 'Nightly export', scope: ['report.read', 'report.export'] },
        });
        expect(made.status()).toBe(201);
        await openSignedIn(page, request, session, '/account/apikeys', look);
        await expect(page.getByText('Nightly export').first()).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoA11yViolations(page);
        await saveScreen(page, `api-keys-${name}`);
        await page
          .getByRole('button', { name: look.locale === 'es' ? /Nueva clave/ : 'New API key' })
          .first()
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expectNoA11yViolations(page);
        await saveScreen(page, `api-keys-create-${name}`);
        await page.keyboard.press('Escape');

        // The edit and roll dialogs, reached from the row's actions.
        const es = look.locale === 'es';
        for (const action of es ? ['Editar', 'Renovar'] : ['Edit', 'Roll']) {
          await page
            .getByRole('button', { name: es ? /^Acciones/ : /^Actions for/ })
            .first()
            .click();
          await page.getByRole('menuitem', { name: action }).click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await expectNoA11yViolations(page);
          await saveScreen(page, `api-keys-${action.toLowerCase()}-${name}`);
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }
      });
    });
  }
});
