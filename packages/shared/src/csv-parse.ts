import { parse, type CsvError, type Options } from 'csv-parse/browser/esm/sync';

/**
 * How report files are read, alike by the server's streaming import and the Import data screen's
 * preview (both on csv-parse): RFC 4180 quoting (commas, quotes as "" and line breaks inside
 * quotes), records ended by CRLF, LF or a lone CR in any mix, a UTF-8 BOM dropped, blank lines
 * skipped. A quote inside an unquoted field is kept as text, as spreadsheets write it. Records of
 * the wrong length are passed on, so the import can say which line is short.
 */
export const CSV_OPTIONS = {
  bom: true,
  // A report row is about 90 bytes: a record this long is a broken quote running on, and stops
  // the read rather than filling memory.
  max_record_size: 64 * 1024,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_column_count: true,
  relax_quotes: true,
  skip_empty_lines: true,
} as const satisfies Options;

export interface CsvRecord {
  /** The 1-based line the record starts on, for error messages. */
  line: number;
  fields: string[];
}

const LINE_BREAK = /\r\n|\n|\r/g;
const CRLF = /\r\n/g;

/**
 * Start lines of a file's records, in order, from the line csv-parse saw each end on. A quoted
 * field's own line breaks are the lines between its start and end. csv-parse counts a CRLF
 * inside quotes as two lines (and one outside), so each one seen is taken off what follows.
 */
export interface LineCounter {
  /** The line a record starts on, from the line csv-parse saw it end on. */
  startOf(fields: readonly string[], endLine: number): number;
  /** Where a csv-parse error is, as the file counts lines. */
  lineOf(error: { code: string; lines: number }): number;
}

export function createLineCounter(): LineCounter {
  let overCounted = 0;
  let lastEnd = 0;
  return {
    startOf(fields, endLine) {
      let breaks = 0;
      for (const field of fields) {
        if (!field.includes('\n') && !field.includes('\r')) continue;
        breaks += field.match(LINE_BREAK)?.length ?? 0;
        overCounted += field.match(CRLF)?.length ?? 0;
      }
      lastEnd = endLine - overCounted;
      return lastEnd - breaks;
    },
    // A quote left open runs to the end of the file: the record it broke starts after the last
    // one read (blank lines between would put it a little later).
    lineOf: ({ code, lines }) =>
      code === 'CSV_QUOTE_NOT_CLOSED' ? lastEnd + 1 : lines - overCounted,
  };
}

/** A file the parser cannot read on from (an open quote, say), with the line it stopped on. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    readonly code: string,
  ) {
    super(`CSV syntax error (${code}) at line ${line}`);
  }
}

/** csv-parse's error as ours: its `lines` is where reading stopped. */
export function toCsvSyntaxError(error: unknown, counter?: LineCounter): CsvSyntaxError | null {
  if (!(error instanceof Error) || !('code' in error) || !String(error.code).startsWith('CSV_')) {
    return null;
  }
  const { code, lines } = error as CsvError & { lines?: number };
  if (typeof lines !== 'number') return new CsvSyntaxError(1, String(code));
  const at = counter ? counter.lineOf({ code: String(code), lines }) : lines;
  return new CsvSyntaxError(at, String(code));
}

/** Every record of `text` with the line it starts on (the preview reads a file's first 64 kB). */
export function parseCsv(text: string): CsvRecord[] {
  const lines = createLineCounter();
  const records: CsvRecord[] = [];
  try {
    // on_record sees each record as it is read, so an error later still finds the count right.
    parse(text, {
      ...CSV_OPTIONS,
      on_record: (record, context) => {
        records.push({ line: lines.startOf(record, context.lines), fields: record });
        return null;
      },
    });
  } catch (error) {
    throw toCsvSyntaxError(error, lines) ?? error;
  }
  return records;
}
