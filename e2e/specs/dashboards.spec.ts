import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { NORTHWIND_REPORT } from '../../apps/server/src/db/seed/demo-report-plan';
import { generateReportRows } from '../../apps/server/src/db/seed/report-generator';
import { demoSession, type SessionRecord } from '../fixtures/accounts';
import { signInAsDemo } from '../fixtures/demo-sign-in';
import { saveLook, walkTo, type Look } from '../fixtures/session';
import { restoreDemoLookAfterEach } from '../fixtures/looks';
import { drawnWorkbook, WORKBOOK_FIRST_PAINT } from '../fixtures/workbook';
import {
  expect,
  expectNoA11yViolations,
  saveScreen,
  test,
  expectNoSidewaysScroll,
  expectNothingSticksOut,
} from '../fixtures/test';

// The looks these journeys save on the demo owner and admin must not reach a later file's journeys
// on the same app server (workbook-stability.spec.ts reads the owner's workbook by its English
// title); which file follows which on a worker changes with the run.
restoreDemoLookAfterEach('owner@demo.test');
restoreDemoLookAfterEach('admin@demo.test');

/** Opens the app already signed in, in the given language and theme. */
async function useSession(
  page: Page,
  request: APIRequestContext,
  session: SessionRecord,
  look: Look = {},
) {
  const record = JSON.stringify(await saveLook(request, session, look));
  await page.addInitScript((value) => {
    localStorage.setItem('partner-portal.session', value);
  }, record);
}

function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The demo seed's rows for Northwind, regenerated from the same seed: what a direct sum over the
 * database would give for the range, computed without the app's queries.
 */
function northwindRevenue(from: string, to: string, advertiser?: string): number {
  const rows = generateReportRows({ ...NORTHWIND_REPORT, until: new Date() });
  return (
    rows
      .filter((row) => row.date >= from && row.date <= to)
      .filter((row) => !advertiser || row.advertiser === advertiser)
      .reduce((sum, row) => sum + Math.round(Number(row.revenue) * 100), 0) / 100
  );
}

const money = (value: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(value);

test('the demo owner sees live KPIs that match the seeded rows, and the date filter changes them', async ({
  page,
}) => {
  await signInAsDemo(page, 'owner@demo.test');
  await page.getByRole('link', { name: 'Open the core dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/core$/);
  const workbook = await drawnWorkbook(page, 'Partner overview');
  const revenue = workbook.getByTestId('kpi-revenue');
  await expect(revenue).toHaveText(money(northwindRevenue(isoDaysAgo(29), isoDaysAgo(0))));
  await expect(workbook.getByRole('heading', { name: 'Partner overview' })).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'dashboard-core-owner');

  await workbook.getByLabel('Date range').click();
  await workbook.getByRole('option', { name: 'Last 7 days' }).click();
  await expect(revenue).toHaveText(money(northwindRevenue(isoDaysAgo(6), isoDaysAgo(0))));

  // The raw embed markup is a developer's tool, with the API keys, not on the dashboard.
  await expect(page.getByRole('button', { name: /embed markup/i })).toHaveCount(0);
  await page.goto('/account/apikeys');
  await page.getByRole('button', { name: 'Create embed markup' }).click();
  await expect(page.getByLabel('Embed markup')).toHaveValue(/^<iframe src="http/);
  await expectNoA11yViolations(page);
});

test('an advertiser sees only their advertiser', async ({ page }) => {
  await signInAsDemo(page, 'advertiser@demo.test');
  await page.goto('/dashboard/core');
  const workbook = await drawnWorkbook(page, 'Advertiser overview');
  await expect(workbook.getByText('Acme Shoes · Northwind Media')).toBeVisible();
  await expect(workbook.getByTestId('kpi-revenue')).toHaveText(
    money(northwindRevenue(isoDaysAgo(29), isoDaysAgo(0), 'Acme Shoes')),
  );
  const campaigns = workbook.getByRole('region', { name: 'Campaigns' });
  await expect(campaigns.getByRole('rowheader')).toHaveCount(2);
  expect((await campaigns.getByRole('rowheader').allInnerTexts()).sort()).toEqual([
    'Running Gear',
    'Spring Collection',
  ]);
});

test('a free_core user is sent from Plus to the core dashboard, told why, and offered Plus below the workbook', async ({
  page,
}) => {
  await signInAsDemo(page, 'solo@demo.test');
  await expect(page.getByRole('link', { name: 'Plus dashboard' })).toHaveCount(0);
  await page.goto('/dashboard/plus');
  await expect(page).toHaveURL(/\/dashboard\/core\?upgrade=plus$/);
  const note = page.locator('[data-variant]', { hasText: 'Plus dashboards need a Plus plan' });
  await expect(note).toHaveAttribute('data-variant', 'info');
  await expect(
    page.getByRole('link', { name: 'Upgrade to see the Plus dashboards' }),
  ).toHaveAttribute('href', '/account/upgrade?plan=free_plus');
  // The offer sits below the workbook, never pushing it down; no insights are asked for.
  const offer = page.getByRole('region', { name: 'More with Plus' });
  await expect(offer).toBeVisible();
  const frameBox = await page.locator('iframe').first().boundingBox();
  const offerBox = await offer.boundingBox();
  expect(offerBox?.y ?? 0).toBeGreaterThan(frameBox?.y ?? Infinity);
});

test('CSV export downloads the rows the table shows', async ({ page, request }) => {
  await useSession(page, request, await demoSession(request, 'owner@demo.test'));
  await page.goto('/dashboard/plus');
  await expect(page.getByLabel('Workbook')).toBeVisible();
  const workbook = await drawnWorkbook(page, 'Advertiser performance');
  const table = workbook.getByRole('region', { name: 'Advertisers' });
  await expect(table.getByRole('rowheader')).toHaveCount(6);
  const shown = await table.getByRole('rowheader').allInnerTexts();
  const download = page.waitForEvent('download');
  await table.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const lines = readFileSync(file, 'utf8').trim().split('\r\n');
  expect(lines[0]).toBe('advertiser,impressions,clicks,conversions,revenue,payout');
  expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(shown);
  await saveScreen(page, 'dashboard-plus-owner');
});

test.describe('dashboards in Spanish, dark, at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the core dashboard fits and stays axe-clean', async ({ page, request }) => {
    await useSession(page, request, await demoSession(request, 'admin@demo.test'), {
      locale: 'es',
      dark: true,
    });
    await page.goto('/dashboard/core');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const workbook = await drawnWorkbook(page, 'Resumen del partner');
    await expect(
      workbook.getByText('Cifras clave').or(workbook.getByLabel('Cifras clave')),
    ).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNothingSticksOut(page);
    await expectNoA11yViolations(page);
    // A chart far below the fold is a placeholder until it nears the viewport, then it is built
    // (apps/web/src/embed/chart-turns.ts): the frame watches the top page's viewport.
    const advertisers = workbook.getByRole('region', { name: 'Anunciantes con más ingresos' });
    await expect(advertisers).toBeAttached();
    await expect(advertisers.getByRole('img')).toHaveCount(0);
    await advertisers.scrollIntoViewIfNeeded();
    await expect(
      advertisers.getByRole('img', { name: /^Anunciantes con más ingresos: / }),
    ).toBeVisible();
    await saveScreen(page, 'dashboard-core-es-dark-phone');
  });
});

for (const variant of [
  { name: 'en-light', locale: 'en' as const, dark: false, core: 'Key figures' },
  { name: 'es-dark', locale: 'es' as const, dark: true, core: 'Cifras clave' },
]) {
  test.describe(`dashboard screens, ${variant.name}`, () => {
    // One walk through the app's navigation: the app starts once for the three screens.
    test('each is axe-clean, the workbook included', async ({ page, request }) => {
      test.slow();
      await useSession(page, request, await demoSession(request, 'owner@demo.test'), variant);
      for (const [index, path] of ['/welcome', '/dashboard/core', '/dashboard/plus'].entries()) {
        if (index === 0) await page.goto(path);
        else await walkTo(page, path);
        await test.step(path, async () => {
          await expect(page.locator('html')).toHaveAttribute('lang', variant.locale);
          if (path === '/dashboard/core') {
            await expect(
              page.frameLocator('iframe').getByRole('region', { name: variant.core }),
            ).toBeVisible(WORKBOOK_FIRST_PAINT);
          } else if (path === '/dashboard/plus') {
            await expect(page.frameLocator('iframe').getByRole('table')).toBeVisible(
              WORKBOOK_FIRST_PAINT,
            );
          } else {
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          }
          await expectNoA11yViolations(page);
          await saveScreen(page, `dashboards${path.replace(/\//g, '-')}-${variant.name}`);
        });
      }
    });
  });
}
