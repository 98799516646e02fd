import { CsvSyntaxError, parseCsv, type CsvRecord } from '@partner-portal/shared/csv-parse';
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
 * a wrong file shows before it is sent. Only the file's start is read: a 90 MB file costs 64 kB.
 */
export async function readCsvPreview(file: Blob): Promise<CsvPreview> {
  const cut = file.size > PREVIEW_BYTES;
  let text = await file.slice(0, PREVIEW_BYTES).text();
  // A cut file may end inside a line: keep only the lines that surely ended.
  if (cut) text = text.slice(0, Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r')) + 1);
  const records = readRecords(text);
  const [first, ...body] = records;
  const header = (first?.fields ?? []).map((name) => name.trim());
  return {
    header,
    rows: body.slice(0, PREVIEW_ROWS),
    ...compareHeader(header),
  };
}

/**
 * The records of `text`; where a quote is left open (a broken file, or a quoted field the cut
 * went through), those before the line it opens on: the import names that line when it runs.
 */
function readRecords(text: string): CsvRecord[] {
  try {
    return parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    const before = text.split(/\r\n|\n|\r/).slice(0, error.line - 1);
    try {
      return parseCsv(before.join('\n'));
    } catch {
      return [];
    }
  }
}
