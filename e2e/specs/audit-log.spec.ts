import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
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

const PASSWORD = 'Audit-owner-1!';

/** Words in the log as shown, not in the filter's hidden options that carry the same ones. */
const shown = (page: Page, text: string | RegExp) => page.getByText(text).filter({ visible: true });

/** An owner with something in their log: a key made, changed and refused once. */
async function ownerWithHistory(request: APIRequestContext, label: string) {
  const email = `audit-${label}-${Date.now()}@example.test`;
  await createVerifiedPartner(request, email, PASSWORD);
  const session = await apiSignIn(request, email, PASSWORD);
  const headers = { ...(await xsrfHeaders(request)), authorization: `Bearer ${session.token}` };
  const made = await request.post('/api/key', {
    headers,
    data: { name: 'Ledger sync', scope: ['account.read'] },
  });
  const { id, key } = ((await made.json()) as { data: { id: string; key: string } }).data;
  await request.patch(`/api/key/${id}`, { headers, data: { name: 'Ledger sync v2' } });
  const refused = await request.get('/api/account/users', {
    headers: { authorization: `Bearer ${key}`, cookie: '' },
  });
  expect(refused.status()).toBe(403);
  return { email, session };
}

test('an owner reads the audit log, filters it and exports it', async ({ page, request }) => {
  const { session } = await ownerWithHistory(request, 'journey');
  await openSignedIn(page, request, session, '/account/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await expect(shown(page, 'API key created').first()).toBeVisible();
  await expect(shown(page, 'API key call denied').first()).toBeVisible();
  await expect(shown(page, 'Signed in').first()).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByRole('option', { name: 'Denied' }).click();
  await expect(shown(page, 'API key created')).toHaveCount(0);
  await expect(shown(page, 'API key call denied').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = readFileSync(file, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^time,account,actor_type/);
  expect(csv).toContain('api_key.denied');
  expect(csv).not.toContain('api_key.created');

  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const exported = JSON.parse(readFileSync(await (await jsonDownload).path(), 'utf8')) as {
    data: { filters: { outcome?: string }; rows: { action: string; outcome: string }[] };
  };
  expect(exported.data.filters.outcome).toBe('denied');
  expect(exported.data.rows.length).toBeGreaterThan(0);
  expect(exported.data.rows.every((row) => row.outcome === 'denied')).toBe(true);
  expect(exported.data.rows.map((row) => row.action)).toContain('api_key.denied');
  await saveScreen(page, 'audit-log-filtered-en-light');
});

test.describe('the audit log in every look', () => {
  for (const { name, look, phone } of LOOKS) {
    test.describe(name, () => {
      test.use({ viewport: viewportOf(phone) });

      test('shows the rows, axe-clean, without sideways scrolling', async ({ page, request }) => {
        const { session } = await ownerWithHistory(request, name);
        await openSignedIn(page, request, session, '/account/audit', look);
        await expect(
          shown(page, look.locale === 'es' ? /Clave de API creada/ : 'API key created').first(),
        ).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectNoA11yViolations(page);
        await saveScreen(page, `audit-log-${name}`);
      });
    });
  }
});
