import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../../test/spawned-server';
import { CsvSyntaxError, parseCsv } from '@partner-portal/shared/csv-parse';
import { wordProblem, type RawProblem } from './report-import.service';
import { validateReportCsv } from '../../../test/analytics/whole-report-check';

/** Problems as the admin command prints them, in English. */
const inWords = (problems: RawProblem[]) =>
  problems.map((problem) => {
    const { line, field, message } = wordProblem(problem, 'en');
    return { line, field, message };
  });
const problemsOf = (csv: string) => inWords(validateReportCsv(csv).problems);

const HEADER =
  'date,advertiser,campaign,channel,country,device,impressions,clicks,conversions,revenue,payout';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF or LF, and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi"""\n"two\nlines",z\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 3, fields: ['two\nlines', 'z'] },
    ]);
  });

  it('ends records at a lone CR too, in any mix, skips blank lines and counts them', () => {
    expect(parseCsv('a,b\rc,d\r\n\n"e\r\nf",g\n\nh,"i"\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', 'd'] },
      { line: 4, fields: ['e\r\nf', 'g'] },
      { line: 7, fields: ['h', 'i'] },
    ]);
  });

  it('keeps a quote inside an unquoted field, and stops at a quote left open', () => {
    expect(parseCsv('5" screen,x\n')).toEqual([{ line: 1, fields: ['5" screen', 'x'] }]);
    expect(() => parseCsv('a,b\nc,d\n"open,e\nf,g\n')).toThrow(CsvSyntaxError);
  });
});

describe('validateReportCsv', () => {
  it('accepts the columns in any order', () => {
    const csv = `payout,revenue,conversions,clicks,impressions,device,country,channel,campaign,advertiser,date\n1.5,2,1,3,100,mobile,US,search,Spring,"Acme, Inc.",2026-01-31\n`;
    const { rows, problems } = validateReportCsv(csv);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        date: '2026-01-31',
        advertiser: 'Acme, Inc.',
        campaign: 'Spring',
        channel: 'search',
        country: 'US',
        device: 'mobile',
        impressions: 100,
        clicks: 3,
        conversions: 1,
        revenue: '2',
        payout: '1.5',
      },
    ]);
  });

  it('reports every bad line by number and field', () => {
    const csv = [
      HEADER,
      '2026-01-01,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00',
      '2026-02-30,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00',
      '2026-01-02,,Spring,search,US,desktop,-1,5,1,10.001,8.00',
      '2026-01-03,Acme,Spring',
      '2026-13-01,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00',
      // A date in another form is one problem, not one per date rule.
      '01/02/2026,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00',
    ].join('\n');
    expect(problemsOf(csv)).toEqual([
      { line: 3, field: 'date', message: 'is not a calendar date' },
      { line: 4, field: 'advertiser', message: 'is empty' },
      { line: 4, field: 'impressions', message: 'must be a whole number of at least 0' },
      {
        line: 4,
        field: 'revenue',
        message: 'must be an amount of at least 0 with up to 2 decimals',
      },
      { line: 5, field: 'row', message: 'has 3 fields, expected 11' },
      { line: 6, field: 'date', message: 'is not a calendar date' },
      { line: 7, field: 'date', message: 'must be a date as YYYY-MM-DD' },
    ]);
  });

  it('refuses a header that is not exactly the report columns', () => {
    expect(problemsOf('date,advertiser,spend\n')).toEqual([
      {
        line: 1,
        field: 'header',
        message: `must be exactly ${HEADER}; missing campaign, channel, country, device, impressions, clicks, conversions, revenue, payout; not expected spend`,
      },
    ]);
    expect(problemsOf('')[0]?.message).toBe('the file is empty');
    expect(problemsOf(`${HEADER}\n`)[0]?.message).toBe('the file has no rows under its header');
  });

  it("words each problem in the reader's language", () => {
    const csv = `${HEADER}\n2026-01-01,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00,extra\n`;
    const [problem] = validateReportCsv(csv).problems;
    expect(problem).toMatchObject({ line: 2, field: 'row', code: 'field_count' });
    expect(wordProblem(problem!, 'es').message).toBe('tiene 12 campos y se esperaban 11');
  });
});

describe('npm run admin -- import-report', () => {
  it('prints the row count for a good file, and every problem with a non-zero exit for a bad one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-import-'));
    const good = join(dir, 'good.csv');
    const bad = join(dir, 'bad.csv');
    writeFileSync(good, `${HEADER}\n2026-01-01,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00\n`);
    writeFileSync(bad, `${HEADER}\n2026-13-01,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00\n`);
    const latin1 = join(dir, 'latin1.csv');
    const row = '2026-01-02,Café,Spring,search,US,desktop,100,5,1,10.00,8.00';
    writeFileSync(latin1, Buffer.from(`${HEADER}\n${row}\n`, 'latin1'));
    const dataDir = join(dir, 'data');
    expect((await runAdmin(dataDir, ['create-master', 'ops@example.test'])).code).toBe(0);
    const ok = await runAdmin(dataDir, ['import-report', 'ops@example.test', good]);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toContain('Imported 1 row into Partner Portal support.');
    const refused = await runAdmin(dataDir, ['import-report', 'ops@example.test', bad]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${bad}:2: date is not a calendar date`);
    expect(refused.err).toContain('Nothing imported: 1 problem in');
    // The HTTP route's check, through the same service: the file's bytes, not a decoded string.
    const notUtf8 = await runAdmin(dataDir, ['import-report', 'ops@example.test', latin1]);
    expect(notUtf8.code).toBe(1);
    expect(notUtf8.err).toContain(
      `${latin1}:2: row is not UTF-8 text: save the file as UTF-8 (in Excel, "CSV UTF-8") and try again`,
    );
    expect(notUtf8.err).toContain('Nothing imported: 1 problem in');
  }, 120_000);
});
