import { readFile } from 'node:fs/promises';
import { createSession } from '../fixtures/accounts';
import { openSignedIn, switchLook } from '../fixtures/session';
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  saveScreen,
  test,
} from '../fixtures/test';
import { drawnWorkbook } from '../fixtures/workbook';

const HEADER =
  'date,advertiser,campaign,channel,country,device,impressions,clicks,conversions,revenue,payout';
/** A row `daysAgo` days before today, so the dashboard's default range (30 days) holds it. */
const line = (daysAgo: number, impressions = '1200') =>
  `${new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)},Acme Travel,Spring sale,search,US,mobile,${impressions},34,5,125.00,87.50`;
const csv = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${HEADER}\n${lines.join('\n')}\n`),
});

test('a new owner downloads the template, fixes a refused file and loads it', async ({
  page,
  request,
}) => {
  const session = await createSession(request, { verified: true, plan: true });
  // A new account's dashboard draws nothing: it says what it will show and where data comes from.
  await openSignedIn(page, request, session, '/dashboard/core');
  const workbook = await drawnWorkbook(page, 'Partner overview');
  await expect(workbook.getByRole('heading', { name: 'No report data yet' })).toBeVisible();
  await expect(workbook.locator('canvas, table')).toHaveCount(0);
  // The workbook is served from its own site: the link goes back to the app's.
  await expect(workbook.getByRole('link', { name: 'Import data' })).toHaveAttribute(
    'href',
    `${new URL(page.url()).origin}/account/data`,
  );
  await expectNoA11yViolations(page);
  await saveScreen(page, 'dashboard-empty-en-light');

  await page.goto('/account');
  // Reached from the account menu, as an owner would find it.
  await page.getByRole('link', { name: 'Import data' }).first().click();
  await expect(page).toHaveURL(/\/account\/data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import data' })).toBeVisible();
  await expect(page.getByText('No file has been imported yet.')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the template' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('report-template.csv');
  const templateText = await readFile(await template.path(), 'utf8');
  expect(templateText.split('\r\n')[0]).toBe(HEADER);

  // A file with a bad line: previewed, sent, refused with the line and field named.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a CSV file' }).click();
  await (await chooser).setFiles(csv('january.csv', [line(1), line(2, 'lots'), line(3)]));
  await expect(page.getByRole('region', { name: 'First rows of the file' })).toBeVisible();
  await saveScreen(page, 'import-preview-en-light');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const problems = page.getByRole('list', { name: 'Lines to fix' });
  await expect(problems).toContainText('Line 3, impressions:');
  await expect(problems).toContainText('must be a whole number of at least 0');
  await expectNoA11yViolations(page);
  await saveScreen(page, 'import-refused-en-light');

  // The fixed file goes in whole, and shows in the history.
  await page.getByRole('button', { name: 'Choose another file' }).click();
  await page
    .getByTestId('csv-file-input')
    .setInputFiles(csv('january-fixed.csv', [line(1), line(2), line(3)]));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('3 rows imported from january-fixed.csv.')).toBeVisible();
  const history = page.getByRole('list', { name: 'Import history' });
  await expect(history).toContainText('january-fixed.csv');
  await expect(history).toContainText('3 rows');
  await expect(history).toContainText('Lucía Tester');
  await saveScreen(page, 'import-done-en-light');

  // The dashboard now draws the loaded rows: three days at $125.00 each.
  await page.getByRole('link', { name: 'Open the dashboard' }).click();
  await expect(workbook.getByTestId('kpi-revenue')).toContainText('375.00');
  await expect(workbook.getByRole('heading', { name: 'No report data yet' })).toHaveCount(0);
  await page.goto('/account/data');

  // Spanish, dark, phone: the same screen fits and reads.
  await page.setViewportSize({ width: 390, height: 844 });
  await switchLook(page, request, { locale: 'es', dark: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Importar datos' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Historial de importaciones' })).toContainText(
    '3 filas',
  );
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'import-done-es-dark-phone');
});
