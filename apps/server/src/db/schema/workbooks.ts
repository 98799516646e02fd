import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const WORKBOOK_KINDS = ['core', 'core_advertiser', 'plus'] as const;
export type WorkbookKind = (typeof WORKBOOK_KINDS)[number];

/** The analytics catalogue: which workbooks exist and which kind of user may open them. */
export const workbooks = pgTable(
  'workbooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    provider: text('provider').$type<'sigma' | 'local'>().notNull(),
    providerWorkbookId: text('provider_workbook_id').notNull(),
    urlId: text('url_id').notNull(),
    kind: text('kind').$type<WorkbookKind>().notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('workbooks_provider_workbook_idx').on(table.provider, table.providerWorkbookId),
  ],
);
