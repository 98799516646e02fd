import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { users } from './users';

/**
 * A report row's own columns, as an import file names them: report_rows and the import's
 * staging table (report-import-jobs.ts) hold the same (fresh builders for each table).
 */
export const reportRowColumns = () => ({
  date: date('date', { mode: 'string' }).notNull(),
  advertiser: text('advertiser').notNull(),
  campaign: text('campaign').notNull(),
  channel: text('channel').notNull(),
  country: text('country').notNull(),
  device: text('device').notNull(),
  impressions: bigint('impressions', { mode: 'number' }).notNull(),
  clicks: bigint('clicks', { mode: 'number' }).notNull(),
  conversions: bigint('conversions', { mode: 'number' }).notNull(),
  revenue: numeric('revenue', { precision: 14, scale: 2 }).notNull(),
  payout: numeric('payout', { precision: 14, scale: 2 }).notNull(),
});

/** The sums every roll-up keeps, summed from report_rows by the roll-up trigger. */
const rolledUpSums = () => ({
  impressions: bigint('impressions', { mode: 'number' }).notNull(),
  clicks: bigint('clicks', { mode: 'number' }).notNull(),
  conversions: bigint('conversions', { mode: 'number' }).notNull(),
  revenue: numeric('revenue', { precision: 16, scale: 2 }).notNull(),
  payout: numeric('payout', { precision: 16, scale: 2 }).notNull(),
});

/** Daily report rows the built-in analytics provider renders, always scoped by account. */
export const reportRows = pgTable(
  'report_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ...reportRowColumns(),
  },
  (table) => [
    index('report_rows_account_date_idx').on(table.accountId, table.date),
    index('report_rows_account_advertiser_date_idx').on(
      table.accountId,
      table.advertiser,
      table.date,
    ),
  ],
);

/**
 * Daily totals per advertiser and campaign, kept by a trigger on every insert into report_rows
 * (migration 0001). The overview's KPIs, trend and advertiser / campaign breakdowns read this
 * instead of the raw rows: a year of a large account is thousands of rows here, not millions.
 * Report rows are append-only (import, seed); an account's deletion cascades to both tables.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    advertiser: text('advertiser').notNull(),
    campaign: text('campaign').notNull(),
    ...rolledUpSums(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.date, table.advertiser, table.campaign] }),
  ],
);

/**
 * Daily totals per advertiser (migration 0024), kept by the same trigger as report_daily. The
 * overview's KPIs, trend and advertiser breakdown need no campaign, and here two years of the
 * largest account are 29,000 rows, not report_daily's 292,000 (docs/scaling.md). The primary
 * key also holds the sums (INCLUDE, written by hand in the migration: Drizzle cannot say it), so
 * those queries are index-only scans.
 */
export const reportAdvertiserDaily = pgTable(
  'report_advertiser_daily',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    advertiser: text('advertiser').notNull(),
    ...rolledUpSums(),
  },
  (table) => [
    primaryKey({
      name: 'report_advertiser_daily_pk',
      columns: [table.accountId, table.date, table.advertiser],
    }),
  ],
);

/**
 * Monthly totals per advertiser and campaign (migration 0026), kept by the same trigger. The
 * campaigns page over a long range sums the whole months here and only the days at either end
 * from report_daily: two years of the largest bench account are 9,600 rows, not 292,000
 * (docs/scaling.md). `month` is the month's first day. The primary key holds the sums (INCLUDE,
 * by hand in the migration).
 */
export const reportCampaignMonthly = pgTable(
  'report_campaign_monthly',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    advertiser: text('advertiser').notNull(),
    campaign: text('campaign').notNull(),
    ...rolledUpSums(),
  },
  (table) => [
    primaryKey({
      name: 'report_campaign_monthly_pk',
      columns: [table.accountId, table.month, table.advertiser, table.campaign],
    }),
  ],
);

/**
 * A counter per account that moves whenever its report rows do (migration 0027: a statement
 * trigger on report_rows bumps it in the inserting transaction). Answers computed from an
 * account's rows are cached under it (report-answer-cache.ts), so reading this one row is all a
 * repeated dashboard call costs, on every instance, and an import is seen the moment it commits.
 * No row means the account has never had data (version 0).
 */
export const reportDataVersions = pgTable('report_data_versions', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * Each CSV file loaded into an account (the Import data screen's history). Written in the same
 * transaction as the file's rows, so a row here means the whole file is in.
 */
export const reportImports = pgTable(
  'report_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // Null for the admin command; kept (set null) when the uploader's user is deleted.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('report_imports_account_created_idx').on(table.accountId, table.createdAt)],
);
