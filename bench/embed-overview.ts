import { findLocalWorkbook, type WorkbookSection } from '@partner-portal/shared/local-workbooks';
import type { AppServer } from '../e2e/fixtures/app-server';

/**
 * A workbook's embed session for a signed-in member, as the dashboard page opens one: the
 * single-use URL minted by the app, then exchanged for the session the workbook page calls with.
 */
export async function openEmbedSession(
  server: AppServer,
  signedIn: { token: string; headers: Record<string, string> },
  workbookId: string,
): Promise<string> {
  const minted = await fetch(`${server.url}/api/sigma/workbook/embed`, {
    method: 'POST',
    headers: { ...signedIn.headers, authorization: `Bearer ${signedIn.token}` },
    body: JSON.stringify({ workbook_id: workbookId }),
  });
  if (!minted.ok) throw new Error(`embed URL for ${workbookId}: HTTP ${minted.status}`);
  const url = ((await minted.json()) as { data: { url: string } }).data.url;
  const opened = await fetch(`${server.url}/api/embed/session`, {
    method: 'POST',
    headers: signedIn.headers,
    body: JSON.stringify({
      workbook_id: workbookId,
      token: new URL(url).searchParams.get('token'),
    }),
  });
  if (!opened.ok) throw new Error(`embed session for ${workbookId}: HTTP ${opened.status}`);
  return ((await opened.json()) as { data: { session: string } }).data.session;
}

/** The last `days` days up to today, as the range picker sends them. */
export function lastDays(days: number): string {
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return `from=${from}&to=${to}`;
}

/** The data calls the embed page makes for each section (apps/web/src/embed/workbook-view.tsx). */
const SECTION_CALLS: Record<WorkbookSection, readonly string[]> = {
  kpis: ['kpis'],
  trend: ['trend'],
  top_advertisers: ['breakdown?dimension=advertiser&page_size=8'],
  top_campaigns: ['breakdown?dimension=campaign&page_size=10'],
  advertisers_table: ['breakdown?dimension=advertiser&page_size=10'],
  campaigns_table: ['breakdown?dimension=campaign&page_size=10'],
  channels: ['breakdown?dimension=channel&page_size=8'],
  countries: [
    'breakdown?dimension=country&page_size=8',
    'breakdown?dimension=country&page_size=10',
  ],
  devices: ['breakdown?dimension=device&page_size=8'],
};

/**
 * What a built-in workbook loads for a range (`query`, with any filters), requested together as
 * the workbook page does: the partner overview's KPIs, trend, top advertisers and first campaigns
 * page by default.
 */
export function overviewLoader(
  server: AppServer,
  session: string,
  query: string,
  workbookId = 'local-core-overview',
) {
  const workbook = findLocalWorkbook(workbookId);
  if (!workbook) throw new Error(`no built-in workbook ${workbookId}`);
  const calls = workbook.sections
    .flatMap((section) => SECTION_CALLS[section])
    .map((call) => `${call}${call.includes('?') ? '&' : '?'}${query}`);
  return () =>
    Promise.all(
      calls.map(async (path) => {
        const response = await fetch(`${server.url}/api/embed/${path}`, {
          headers: { authorization: `Embed ${session}` },
        });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        await response.arrayBuffer();
      }),
    ).then(() => undefined);
}
