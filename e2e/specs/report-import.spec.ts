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

/** `rows` lines of a month of data: about 90 bytes each. */
const bigCsv = (name: string, rows: number) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(
    `${HEADER}\n${Array.from({ length: rows }, (_, n) => line(1 + (n % 28), String(1000 + n))).join('\n')}\n`,
  ),
});

test('a large file shows its progress, can be cancelled, and then loads whole', async ({
  page,
  request,
}) => {
  const session = await createSession(request, { verified: true, plan: true });
  await openSignedIn(page, request, session, '/account/data');
  // A slow uplink (about 2.4 Mbit/s), so the upload lasts long enough to be seen and stopped;
  // with reduced motion the bar does not glide, so a capture waits for nothing.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 300_000,
  });

  const file = bigCsv('year.csv', 60_000);
  await page.getByTestId('csv-file-input').setInputFiles(file);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const bar = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toBeVisible();
  // The server's side of it, read from the upload's status URL as it goes.
  await expect(page.getByText(/^[\d,]+ rows checked · about .+ left$/)).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/^Sending the file… \d+ %$/)).toBeVisible();
  await expectNoA11yViolations(page);
  await saveScreen(page, 'import-progress-en-light');

  await page.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(
    page.getByText('Upload cancelled. Nothing from the file was imported.'),
  ).toBeVisible();
  await expect(bar).toHaveCount(0);
  await expect(page.getByText('No file has been imported yet.')).toBeVisible();

  // Spanish, dark, phone: sent again, followed to the end.
  await page.setViewportSize({ width: 390, height: 844 });
  await switchLook(page, request, { locale: 'es', dark: true });
  await page.reload();
  await page.getByTestId('csv-file-input').setInputFiles(file);
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(page.getByText(/^[\d.\s]+ filas revisadas · quedan unos .+$/)).toBeVisible({
    timeout: 20_000,
  });
  await expectNoSidewaysScroll(page);
  await expectNoA11yViolations(page);
  await saveScreen(page, 'import-progress-es-dark-phone');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByText('60.000 filas importadas de year.csv.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('list', { name: 'Historial de importaciones' })).toContainText(
    '60.000 filas',
  );
});
