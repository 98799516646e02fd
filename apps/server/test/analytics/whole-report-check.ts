import { CsvSyntaxError, parseCsv, type CsvRecord } from '@partner-portal/shared/csv-parse';
import {
  checkHeader,
  checkRecord,
  syntaxProblem,
  type ImportRow,
  type RawProblem,
} from '../../src/features/analytics/report-import.service';

/**
 * Every line of a whole file checked with the import's own rules (`checkHeader`, `checkRecord`),
 * as the streaming import checks them record by record: the rules' tests read a file's problems
 * in one call. Any problem means nothing is imported (docs/analytics.md).
 */
export function validateReportCsv(csv: string): { rows: ImportRow[]; problems: RawProblem[] } {
  let records: CsvRecord[];
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { rows: [], problems: [syntaxProblem(error)] };
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], problems: [{ line: 1, field: 'header', code: 'file_empty' }] };
  const checked = checkHeader(header.fields);
  if (!('columns' in checked)) return { rows: [], problems: [checked] };
  const rows: ImportRow[] = [];
  const problems: RawProblem[] = [];
  for (const record of body) {
    const result = checkRecord(checked.columns, record);
    if ('row' in result) rows.push(result.row);
    else problems.push(...result.problems);
  }
  if (body.length === 0) problems.push({ line: 2, field: 'row', code: 'no_rows' });
  return { rows, problems };
}
