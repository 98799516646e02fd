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

/**
 * What the partner overview loads for a range (`query`, with any filters): KPIs, trend, top
 * advertisers and the first campaigns page, requested together as the workbook page does.
 */
export function overviewLoader(server: AppServer, session: string, query: string) {
  const calls = [
    `kpis?${query}`,
    `trend?${query}`,
    `breakdown?${query}&dimension=advertiser&page_size=8`,
    `breakdown?${query}&dimension=campaign&page_size=10`,
  ];
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
