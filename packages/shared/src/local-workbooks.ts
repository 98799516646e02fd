import type { WorkbookKind } from './workbooks';

/** The sections the built-in workbook renderer knows; each workbook is a list of them. */
export const WORKBOOK_SECTIONS = [
  'kpis',
  'trend',
  'top_advertisers',
  'top_campaigns',
  'advertisers_table',
  'campaigns_table',
  'channels',
  'countries',
  'devices',
] as const;
export type WorkbookSection = (typeof WORKBOOK_SECTIONS)[number];

export interface LocalWorkbook {
  workbookId: string;
  /** Catalogue name (English; the embed page titles it in the viewer's language). */
  name: string;
  urlId: string;
  kind: WorkbookKind;
  sections: readonly WorkbookSection[];
}

/**
 * The built-in analytics provider's workbooks (issue 5): the core partner and advertiser
 * overviews, and three Plus drill-downs. The server registers them in the catalogue; the embed
 * page renders their sections.
 */
export const LOCAL_WORKBOOKS: readonly LocalWorkbook[] = [
  {
    workbookId: 'local-core-overview',
    name: 'Partner overview',
    urlId: 'core-overview',
    kind: 'core',
    sections: ['kpis', 'trend', 'top_advertisers', 'top_campaigns'],
  },
  {
    workbookId: 'local-core-advertiser',
    name: 'Advertiser overview',
    urlId: 'core-advertiser',
    kind: 'core_advertiser',
    sections: ['kpis', 'trend', 'top_campaigns'],
  },
  {
    workbookId: 'local-plus-advertisers',
    name: 'Advertiser performance',
    urlId: 'plus-advertisers',
    kind: 'plus',
    sections: ['kpis', 'trend', 'advertisers_table'],
  },
  {
    workbookId: 'local-plus-campaigns',
    name: 'Campaigns and channels',
    urlId: 'plus-campaigns',
    kind: 'plus',
    sections: ['channels', 'campaigns_table'],
  },
  {
    workbookId: 'local-plus-geography',
    name: 'Geography and devices',
    urlId: 'plus-geography',
    kind: 'plus',
    sections: ['countries', 'devices'],
  },
];

export function findLocalWorkbook(workbookId: string): LocalWorkbook | undefined {
  return LOCAL_WORKBOOKS.find((workbook) => workbook.workbookId === workbookId);
}
