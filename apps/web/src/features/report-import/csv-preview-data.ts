import { parseCsv } from '@partner-portal/shared/csv-parse';
import { compareHeader } from '@partner-portal/shared/report-import';

/** Enough of the start of a file for its header and first rows, however large the file is. */
const PREVIEW_BYTES = 64 * 1024;
const PREVIEW_ROWS = 5;

export interface CsvPreview {
  header: string[];
  rows: { line: number; fields: string[] }[];
  /** Columns the import expects that the header lacks, and those it does not know. */
  missing: string[];
  unknown: string[];
}

/**
 * The header and first rows of `file`, read as the server will read them (the same parser), so
 * a wrong file shows before it is sent. Only the file's start is read: a 10 MB file costs 64 kB.
 */
export async function readCsvPreview(file: Blob): Promise<CsvPreview> {
  const cut = file.size > PREVIEW_BYTES;
  const text = await file.slice(0, PREVIEW_BYTES).text();
  const records = parseCsv(text);
  // A cut file may end inside a record: keep only those that surely ended.
  if (cut) records.pop();
  const [first, ...body] = records;
  const header = (first?.fields ?? []).map((name) => name.trim());
  return {
    header,
    rows: body.slice(0, PREVIEW_ROWS),
    ...compareHeader(header),
  };
}
