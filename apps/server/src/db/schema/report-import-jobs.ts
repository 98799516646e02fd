import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportJobStatus } from '@partner-portal/shared/report-import';
import { accounts } from './accounts';
import { reportImports, reportRowColumns } from './reports';
import { users } from './users';

/** A problem as the importer found it, before it is worded for a reader. */
export interface StoredImportProblem {
  line: number;
  field: string;
  code: string;
  params?: Record<string, string | number>;
}

/**
 * One upload of a report file while it streams in (docs/analytics.md "Importing report data"):
 * its progress for the status URL and the screen, its problems once refused, and the import it
 * became. The importer touches `updated_at` at least every few seconds; a job that stopped
 * moving belonged to an instance that died, and the sweep clears it and its staged rows.
 */
export const reportImportJobs = pgTable(
  'report_import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status').$type<ImportJobStatus>().notNull().default('waiting'),
    // The upload's declared size (Content-Length or the screen's word); null when unknown.
    bytesTotal: bigint('bytes_total', { mode: 'number' }),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    rowsChecked: integer('rows_checked').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    problemCount: integer('problem_count').notNull().default(0),
    problems: jsonb('problems').$type<StoredImportProblem[]>(),
    importId: uuid('import_id').references(() => reportImports.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('report_import_jobs_status_updated_idx').on(table.status, table.updatedAt),
    index('report_import_jobs_account_created_idx').on(table.accountId, table.createdAt),
  ],
);

/**
 * Rows of uploads still under way, written by COPY as they are checked; the finished file moves
 * into report_rows in one statement, so a file is in whole or not at all. No foreign key and no
 * index: each would cost a lookup per copied row, and the table only ever holds the uploads in
 * flight. UNLOGGED (migration 0021): after a crash PostgreSQL empties it, as the sweep would.
 */
export const reportImportStaging = pgTable('report_import_staging', {
  jobId: uuid('job_id').notNull(),
  ...reportRowColumns(),
});
