import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { listCatalogue, replaceCatalogue, type CatalogueEntry } from './workbook-catalogue';

const TokenSchema = z.object({ access_token: z.string().min(1) });
const PageSchema = z.object({
  entries: z.array(
    z.object({ workbookId: z.string(), workbookUrlId: z.string(), name: z.string() }),
  ),
  nextPage: z.union([z.string(), z.number()]).nullish(),
});
type SigmaWorkbook = z.infer<typeof PageSchema>['entries'][number];

const REQUEST_TIMEOUT_MS = 15_000;
/** Stops a misbehaving API from paging forever. */
const MAX_PAGES = 200;

interface SigmaApiSettings {
  apiBase: string;
  clientId: string;
  secret: string;
}

/** Sigma REST API: `POST /v2/auth/token` (client credentials), then `GET /v2/workbooks` pages. */
async function fetchSigmaWorkbooks(settings: SigmaApiSettings): Promise<SigmaWorkbook[]> {
  const base = settings.apiBase.replace(/\/$/, '');
  const tokenResponse = await fetch(`${base}/v2/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: settings.clientId,
      client_secret: settings.secret,
    }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!tokenResponse.ok) {
    throw new Error(`Sigma refused the API credentials (HTTP ${tokenResponse.status}).`);
  }
  const { access_token: token } = TokenSchema.parse(await tokenResponse.json());

  const workbooks: SigmaWorkbook[] = [];
  let page: string | number | null | undefined;
  for (let count = 0; count < MAX_PAGES; count += 1) {
    const query = new URLSearchParams({
      limit: '100',
      ...(page != null ? { page: String(page) } : {}),
    });
    const response = await fetch(`${base}/v2/workbooks?${query.toString()}`, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Sigma did not list workbooks (HTTP ${response.status}).`);
    const body = PageSchema.parse(await response.json());
    workbooks.push(...body.entries);
    page = body.nextPage;
    if (page == null || page === '') return workbooks;
  }
  throw new Error(`Sigma kept paging past ${MAX_PAGES} pages; stopped.`);
}

export interface SyncReport {
  updated: CatalogueEntry[];
  missing: CatalogueEntry[];
  notOffered: SigmaWorkbook[];
}

/**
 * `npm run admin -- sync-workbooks`: our catalogue is the allow-list (kinds and entitlements are
 * ours, never Sigma's). Listed workbooks get Sigma's current name and URL id; ones Sigma no
 * longer has leave the catalogue; Sigma's other workbooks are only reported.
 */
export async function syncSigmaCatalogue(db: Db, config: Config): Promise<SyncReport> {
  const sigma = config.sigma;
  if (!sigma?.apiBase || !sigma.apiClientId || !sigma.apiSecret) {
    throw new Error(
      'Set SIGMA_API_BASE, SIGMA_API_CLIENT_ID and SIGMA_API_SECRET (and the SIGMA_EMBED_ variables) to sync workbooks.',
    );
  }
  const remote = await fetchSigmaWorkbooks({
    apiBase: sigma.apiBase,
    clientId: sigma.apiClientId,
    secret: sigma.apiSecret,
  });
  const byId = new Map(remote.map((workbook) => [workbook.workbookId, workbook]));
  const listed = await listCatalogue(db, 'sigma');
  const kept: CatalogueEntry[] = [];
  const missing: CatalogueEntry[] = [];
  for (const entry of listed) {
    const found = byId.get(entry.workbookId);
    if (found) kept.push({ ...entry, name: found.name, urlId: found.workbookUrlId });
    else missing.push(entry);
  }
  await replaceCatalogue(db, 'sigma', kept);
  const known = new Set(listed.map((entry) => entry.workbookId));
  return {
    updated: kept,
    missing,
    notOffered: remote.filter((workbook) => !known.has(workbook.workbookId)),
  };
}
