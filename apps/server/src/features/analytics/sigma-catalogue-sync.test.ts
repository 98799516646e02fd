import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { startFakeSigmaApi, type FakeSigmaApi } from '../../../test/fake-sigma-api';
import { createTestConfig } from '../../../test/test-config';
import { createTestDatabase } from '../../../test/test-database';
import { syncSigmaCatalogue } from './sigma-catalogue-sync';
import { listCatalogue, syncConfiguredCatalogue } from './workbook-catalogue';

let database: Database;
let sigma: FakeSigmaApi;

beforeAll(async () => {
  // The catalogue is one per database: apps other files boot would write theirs over it.
  database = await createTestDatabase({ alone: true });
  sigma = await startFakeSigmaApi({
    clientId: 'api-client',
    secret: 'api-secret',
    workbooks: [
      { workbookId: 'wb-core', workbookUrlId: 'newCoreUrl', name: 'Partner Core (2026)' },
      { workbookId: 'wb-adv', workbookUrlId: 'advUrl', name: 'Advertiser Core' },
      { workbookId: 'wb-draft', workbookUrlId: 'draftUrl', name: 'Draft workbook' },
    ],
  });
});
afterAll(async () => {
  await database.close();
  await sigma.close();
});

function config(secret = 'api-secret') {
  return createTestConfig({
    SIGMA_EMBED_CLIENT_ID: 'embed',
    SIGMA_EMBED_SECRET: 'embed-secret',
    SIGMA_ORG_SLUG: 'acme',
    SIGMA_API_BASE: sigma.url,
    SIGMA_API_CLIENT_ID: 'api-client',
    SIGMA_API_SECRET: secret,
    SIGMA_WORKBOOKS: JSON.stringify([
      { name: 'Partner Core', workbookId: 'wb-core', workbookUrlId: 'oldCoreUrl', kind: 'core' },
      {
        name: 'Advertiser Core',
        workbookId: 'wb-adv',
        workbookUrlId: 'advUrl',
        kind: 'core_advertiser',
      },
      { name: 'Retired Plus', workbookId: 'wb-gone', workbookUrlId: 'goneUrl', kind: 'plus' },
    ]),
  });
}

describe('sync-workbooks against the Sigma REST API', () => {
  it('refreshes listed workbooks, drops ones Sigma lost, and only reports the others', async () => {
    const settings = config();
    await syncConfiguredCatalogue(database.db, settings);
    const report = await syncSigmaCatalogue(database.db, settings);
    expect(report.missing.map((entry) => entry.workbookId)).toEqual(['wb-gone']);
    expect(report.notOffered.map((workbook) => workbook.workbookId)).toEqual(['wb-draft']);
    expect(await listCatalogue(database.db, 'sigma')).toEqual([
      { name: 'Partner Core (2026)', workbookId: 'wb-core', urlId: 'newCoreUrl', kind: 'core' },
      { name: 'Advertiser Core', workbookId: 'wb-adv', urlId: 'advUrl', kind: 'core_advertiser' },
    ]);
    // Client credentials once, then every page.
    expect(sigma.requests).toEqual([
      'POST /v2/auth/token',
      'GET /v2/workbooks?limit=100',
      'GET /v2/workbooks?limit=100&page=1',
    ]);
  });

  it('stops with a clear message when Sigma refuses the credentials, changing nothing', async () => {
    const before = await listCatalogue(database.db, 'sigma');
    await expect(syncSigmaCatalogue(database.db, config('wrong'))).rejects.toThrow(
      'Sigma refused the API credentials (HTTP 401).',
    );
    expect(await listCatalogue(database.db, 'sigma')).toEqual(before);
  });

  it('asks for the API settings when they are missing', async () => {
    await expect(syncSigmaCatalogue(database.db, createTestConfig())).rejects.toThrow(
      /Set SIGMA_API_BASE, SIGMA_API_CLIENT_ID and SIGMA_API_SECRET/,
    );
  });
});
