import { and, asc, eq, notInArray } from 'drizzle-orm';
import { LOCAL_WORKBOOKS } from '@partner-portal/shared/local-workbooks';
import type { WorkbookKind } from '@partner-portal/shared/workbooks';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { workbooks } from '../../db/schema/index';

export type AnalyticsProvider = 'sigma' | 'local';

export interface CatalogueEntry {
  name: string;
  workbookId: string;
  urlId: string;
  kind: WorkbookKind;
}

export function analyticsProvider(config: Config): AnalyticsProvider {
  return config.sigma ? 'sigma' : 'local';
}

/** What boot writes to the catalogue: SIGMA_WORKBOOKS with Sigma, else the built-in workbooks. */
function configuredEntries(config: Config): CatalogueEntry[] | null {
  if (config.sigma) {
    return (
      config.sigma.workbooks?.map(({ name, workbookId, workbookUrlId, kind }) => ({
        name,
        workbookId,
        urlId: workbookUrlId,
        kind,
      })) ?? null
    );
  }
  return LOCAL_WORKBOOKS.map(({ name, workbookId, urlId, kind }) => ({
    name,
    workbookId,
    urlId,
    kind,
  }));
}

/**
 * Makes the provider's catalogue in the database match `entries` (listed order kept): upserts
 * by provider workbook id and drops workbooks no longer listed.
 */
export async function replaceCatalogue(
  db: Db,
  provider: AnalyticsProvider,
  entries: readonly CatalogueEntry[],
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [position, entry] of entries.entries()) {
      await tx
        .insert(workbooks)
        .values({
          provider,
          providerWorkbookId: entry.workbookId,
          name: entry.name,
          urlId: entry.urlId,
          kind: entry.kind,
          position,
        })
        .onConflictDoUpdate({
          target: [workbooks.provider, workbooks.providerWorkbookId],
          set: { name: entry.name, urlId: entry.urlId, kind: entry.kind, position },
        });
    }
    const listed = entries.map((entry) => entry.workbookId);
    await tx
      .delete(workbooks)
      .where(
        listed.length > 0
          ? and(eq(workbooks.provider, provider), notInArray(workbooks.providerWorkbookId, listed))
          : eq(workbooks.provider, provider),
      );
  });
}

/** Boot: write the configured catalogue; without SIGMA_WORKBOOKS the synced one stays. */
export async function syncConfiguredCatalogue(db: Db, config: Config): Promise<void> {
  const entries = configuredEntries(config);
  if (entries) await replaceCatalogue(db, analyticsProvider(config), entries);
}

export async function listCatalogue(
  db: Db,
  provider: AnalyticsProvider,
): Promise<CatalogueEntry[]> {
  const rows = await db
    .select()
    .from(workbooks)
    .where(eq(workbooks.provider, provider))
    .orderBy(asc(workbooks.position), asc(workbooks.name));
  return rows.map((row) => ({
    name: row.name,
    workbookId: row.providerWorkbookId,
    urlId: row.urlId,
    kind: row.kind,
  }));
}
