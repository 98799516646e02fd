import type { APIRequestContext, Page } from '@playwright/test';
import { generateReportRows } from '../../apps/server/src/db/seed/report-generator';
import { createSession, xsrfHeaders, type SessionRecord } from '../fixtures/accounts';
import { openSignedIn, switchLook } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  saveScreen,
  test,
} from '../fixtures/test';

/*
 * docs/insights.md: a partner with four months of data upgrades to Plus AI from the locked
 * Insights card, then reads the panel beside the core dashboard and asks why.
 */
const HEADER =
  'date,advertiser,campaign,channel,country,device,impressions,clicks,conversions,revenue,payout';

/** Four months for three advertisers, ending today, in which City Breaks lost 70 % five days ago. */
function reportCsv(): string {
  const rows = generateReportRows({
    advertisers: [
      { name: 'Acme Shoes', campaigns: ['Spring Collection', 'Running Gear'], scale: 1.2 },
      { name: 'Globex Travel', campaigns: ['City Breaks', 'Summer Flights'], scale: 1.5 },
      { name: 'Initech Software', campaigns: ['Free Trial'], scale: 0.9 },
    ],
    days: 120,
    until: new Date(),
    seed: 4_242,
    events: [{ advertiser: 'Globex Travel', campaign: 'City Breaks', days: 5, factor: 0.3 }],
  });
  const lines = rows.map((row) =>
    [
      row.date,
      row.advertiser,
      row.campaign,
      row.channel,
      row.country,
      row.device,
      row.impressions,
      row.clicks,
      row.conversions,
      row.revenue,
      row.payout,
    ].join(','),
  );
  return `${HEADER}\n${lines.join('\n')}\n`;
}

async function importReport(request: APIRequestContext, session: SessionRecord) {
  const answer = await request.post('/api/account/data/imports?name=insights.csv', {
    headers: {
      ...(await xsrfHeaders(request)),
      authorization: `Bearer ${session.token}`,
      'content-type': 'text/csv',
    },
    data: reportCsv(),
  });
  if (!answer.ok()) throw new Error(`import failed: ${answer.status()} ${await answer.text()}`);
}

async function payWith4242(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Jo Tester');
  await page.getByRole('button', { name: /^Pay and upgrade/ }).click();
  await expect(page.getByText('Payment received. Your plan is upgraded.').first()).toBeVisible();
}

test('upgrade to Plus AI from the locked card, then read the insights and ask why', async ({
  page,
  request,
}) => {
  const session = await createSession(request, { verified: true, plan: true });
  await importReport(request, session);
  await openSignedIn(page, request, session, '/dashboard/core');

  const panel = page.getByRole('region', { name: /Insights/ });
  await expect(panel.getByText('Insights come with Plus AI')).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'insights-locked-en-light');
  await panel.getByRole('link', { name: 'Upgrade to Plus AI' }).click();
  await expect(page).toHaveURL(/\/account\/upgrade\?plan=free_plus_ai/);
  await expect(page.getByRole('radio', { name: /Plus AI/ }).first()).toBeChecked();
  await payWith4242(page);

  await page.goto('/dashboard/core');
  await expect(panel.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
  // The injected drop is told, once, as bad news.
  const drop = panel.getByRole('listitem').filter({ hasText: /City Breaks|Globex Travel/ });
  await expect(drop).toHaveCount(1);
  await expect(drop).toContainText('Needs attention');
  await expectNoA11yViolations(page);
  await saveScreen(page, 'insights-panel-en-light');

  await drop.getByRole('button', { name: 'Why?' }).click();
  const why = page.getByRole('dialog', { name: 'Why this insight' });
  await expect(why.getByRole('table')).toBeVisible();
  await expect(why.getByRole('row')).not.toHaveCount(1);
  await expectNoA11yViolations(page, '[role="dialog"]');
  await saveScreen(page, 'insights-why-en-light');
  await page.keyboard.press('Escape');
  await expect(why).toBeHidden();

  // Spanish, dark, at a phone's width: the panel leads the page and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await switchLook(page, request, { locale: 'es', dark: true });
  const spanish = page.getByRole('region', { name: /Análisis/ });
  await expect(spanish.getByRole('listitem').first()).toBeVisible({ timeout: 15_000 });
  await expect(spanish.getByRole('button', { name: '¿Por qué?' }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'insights-panel-es-dark-phone');
});
