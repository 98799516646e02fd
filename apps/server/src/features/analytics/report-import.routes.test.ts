import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  ImportJobSchema,
  REPORT_COLUMNS,
  REPORT_IMPORT_MAX_PROBLEMS,
  ReportImportListSchema,
} from '@partner-portal/shared/report-import';
import { ErrorResponseSchema } from '@partner-portal/shared/api';
import { reportImports, reportRows } from '../../db/schema/index';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { createTestConfig } from '../../../test/test-config';
import { useTestApp } from '../../../test/use-test-app';

/** Small limits, so a test reaches them with a few hundred kB. */
const MAX_BYTES = 200_000;
const ASYNC_BYTES = 100_000;
const env = useTestApp(() => ({
  config: createTestConfig({
    IMPORT_MAX_BYTES: String(MAX_BYTES),
    IMPORT_ASYNC_BYTES: String(ASYNC_BYTES),
  }),
}));
const db = () => env.database.db;

const HEADER = REPORT_COLUMNS.join(',');
const GOOD_LINE = '2026-01-01,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00';
const URL = '/api/account/data/imports';

function upload(
  token: string,
  csv: string | Buffer,
  options: { name?: string; language?: string } = {},
) {
  const query = options.name === undefined ? '' : `?name=${encodeURIComponent(options.name)}`;
  return env.app.inject({
    method: 'POST',
    url: `${URL}${query}`,
    headers: {
      ...bearer(token),
      'content-type': 'text/csv',
      ...(options.language ? { 'accept-language': options.language } : {}),
    },
    payload: csv,
  });
}

async function rowsIn(accountId: string): Promise<number> {
  const [row] = await db()
    .select({ rows: count() })
    .from(reportRows)
    .where(eq(reportRows.accountId, accountId));
  return row?.rows ?? 0;
}

describe('POST /api/account/data/imports', () => {
  it("loads a good file into the admin's account and lists it in the history", async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const csv = `${HEADER}\n${GOOD_LINE}\n${GOOD_LINE.replace('2026-01-01', '2026-01-02')}\n`;
    const answer = await upload(me.token, csv, { name: 'january.csv' });
    expect(answer.statusCode).toBe(201);
    expect(answer.json()).toMatchObject({
      data: { rows: 2 },
      message: '2 rows imported from january.csv.',
    });
    expect(await rowsIn(me.account.id)).toBe(2);

    const history = await env.app.inject({ method: 'GET', url: URL, headers: bearer(me.token) });
    expect(history.statusCode).toBe(200);
    const list = ReportImportListSchema.parse(history.json().data);
    expect(list).toEqual([
      {
        id: answer.json().data.id,
        fileName: 'january.csv',
        rows: 2,
        createdAt: expect.any(String),
        by: { firstName: me.user.firstName, lastName: me.user.lastName, email: me.user.email },
      },
    ]);
  });

  it('loads nothing from a file with a bad line, and names each line and field in Spanish', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'owner' });
    const csv = [
      HEADER,
      GOOD_LINE,
      '2026-02-30,Acme,Spring,search,US,desktop,100,5,1,10.00,8.00',
      '2026-01-03,,Spring,search,US,desktop,lots,5,1,10.00,8.00',
    ].join('\n');
    const answer = await upload(me.token, csv, { language: 'es' });
    expect(answer.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(answer.json());
    expect(body.inputError).toBe('file');
    expect(body.message).toMatch(/No se ha importado nada.*3 problema/);
    expect(body.problemCount).toBe(3);
    expect(body.problems).toEqual([
      {
        line: 3,
        field: 'date',
        code: 'not_calendar_date',
        message: 'no es una fecha del calendario',
      },
      { line: 4, field: 'advertiser', code: 'text_empty', message: 'está vacío' },
      {
        line: 4,
        field: 'impressions',
        code: 'not_whole_number',
        message: 'debe ser un número entero mayor o igual que 0',
      },
    ]);
    expect(await rowsIn(me.account.id)).toBe(0);
    expect(
      await db().select().from(reportImports).where(eq(reportImports.accountId, me.account.id)),
    ).toEqual([]);
  });

  it('lists the first problems of a file wrong on every line, and counts them all', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const bad = Array.from({ length: 1_200 }, () => GOOD_LINE.replace('100', 'x'));
    const answer = await upload(me.token, [HEADER, ...bad].join('\n'));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().problems).toHaveLength(REPORT_IMPORT_MAX_PROBLEMS);
    expect(answer.json().problemCount).toBe(1_200);
    expect(answer.json().message).toBe(
      'Nothing was imported: the file has 1,200 problems to fix. Correct them and upload it again.',
    );
  });

  it('refuses an empty file, a wrong header, a file over the limit, and JSON, with a 4xx', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const empty = await upload(me.token, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().problems[0]).toMatchObject({ code: 'file_empty' });

    const header = await upload(me.token, `date,advertiser,spend\n${GOOD_LINE}\n`);
    expect(header.statusCode).toBe(400);
    expect(header.json().problems[0]).toMatchObject({ line: 1, field: 'header', code: 'header' });

    // Refused on its Content-Length, before a byte is read.
    const huge = await upload(me.token, `${HEADER}\n${'x'.repeat(MAX_BYTES)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      inputError: 'file',
      message:
        'The file is larger than 195 kB, the most one upload may be. Split it into smaller files and upload each.',
    });
    expect(huge.headers.connection).toBe('close');
    // Sent in chunks with no declared size, it is refused once the limit is passed.
    const streamed = await env.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...bearer(me.token), 'content-type': 'text/csv', 'transfer-encoding': 'chunked' },
      payload: Readable.from(
        Array.from({ length: 4_000 }, (_, n) => (n === 0 ? `${HEADER}\n` : `${GOOD_LINE}\n`)),
      ),
    });
    expect(streamed.statusCode, streamed.body).toBe(413);

    const json = await env.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(me.token),
      payload: { csv: HEADER },
    });
    expect(json.statusCode).toBe(400);
    expect(await rowsIn(me.account.id)).toBe(0);
  });

  it('refuses a file that is not UTF-8, naming its first bad line, and loads nothing', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const lines = [HEADER, GOOD_LINE, GOOD_LINE.replace('Acme', 'Café Olé'), GOOD_LINE];
    // What a spreadsheet saving "CSV (Windows)" writes: é as the single byte 0xE9.
    const latin1 = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
    const answer = await upload(me.token, latin1, { name: 'latin1.csv' });
    expect(answer.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(answer.json());
    expect(body).toMatchObject({
      inputError: 'file',
      message:
        'Nothing was imported: line 3 is not UTF-8 text. Save the file as UTF-8 (in Excel, "CSV UTF-8") and upload it again.',
      problemCount: 1,
    });
    expect(body.problems).toEqual([
      {
        line: 3,
        field: 'row',
        code: 'not_utf8',
        message: 'is not UTF-8 text: save the file as UTF-8 (in Excel, "CSV UTF-8") and try again',
      },
    ]);
    const spanish = await upload(me.token, latin1, { language: 'es' });
    expect(spanish.json().message).toMatch(/la línea 3 no es texto UTF-8\. Guarda el archivo/);
    expect(await rowsIn(me.account.id)).toBe(0);

    // The same file saved as UTF-8, with the BOM Excel writes, loads with its names intact.
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(lines.join('\n'))]);
    const loaded = await upload(me.token, utf8, { name: 'utf8.csv' });
    expect(loaded.statusCode, loaded.body).toBe(201);
    const advertisers = await db()
      .selectDistinct({ name: reportRows.advertiser })
      .from(reportRows)
      .where(eq(reportRows.accountId, me.account.id));
    expect(advertisers.map((row) => row.name).sort()).toEqual(['Acme', 'Café Olé']);
  });

  it('is for owners and admins only', async () => {
    const member = await signedInUser(env.app, db(), { permission: 'user' });
    const answer = await upload(member.token, `${HEADER}\n${GOOD_LINE}\n`);
    expect(answer.statusCode).toBe(403);
    const history = await env.app.inject({
      method: 'GET',
      url: URL,
      headers: bearer(member.token),
    });
    expect(history.statusCode).toBe(403);
    expect(await rowsIn(member.account.id)).toBe(0);
  });

  it("keeps each account's history to itself", async () => {
    const first = await signedInUser(env.app, db(), { permission: 'admin' });
    const second = await signedInUser(env.app, db(), { permission: 'admin' });
    expect((await upload(first.token, `${HEADER}\n${GOOD_LINE}\n`)).statusCode).toBe(201);
    const history = await env.app.inject({
      method: 'GET',
      url: URL,
      headers: bearer(second.token),
    });
    expect(history.json().data).toEqual([]);
  });
});

describe('POST /api/account/data/imports, fed generated files', () => {
  const seed = Number(process.env.FC_SEED) || Date.now() % 2 ** 31;

  // Cells that are right, nearly right, or hostile: quotes, separators, NUL, broken surrogates.
  const cell = fc.oneof(
    fc.constantFrom('2026-01-01', '2026-02-30', 'Acme', '"Acme, Inc."', '100', '-1', '10.005', ''),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom('\u0000', '\uD800', '"', '""', ',', '\r\n', '\n'),
  );
  const file = fc
    .array(fc.array(cell, { minLength: 0, maxLength: 13 }), { maxLength: 8 })
    .chain((lines) =>
      fc
        .boolean()
        .map((withHeader) =>
          [...(withHeader ? [HEADER] : []), ...lines.map((cells) => cells.join(','))].join('\n'),
        ),
    );

  it('loads a file whole or refuses it with every problem explained, never a 5xx', async () => {
    console.info(`fast-check seed ${seed} (replay with FC_SEED=${seed})`);
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    await fc.assert(
      fc.asyncProperty(file, async (csv) => {
        const before = await rowsIn(me.account.id);
        const answer = await upload(me.token, csv);
        const after = await rowsIn(me.account.id);
        if (answer.statusCode === 201) {
          expect(after - before).toBe(answer.json().data.rows);
        } else {
          expect(answer.statusCode, answer.body).toBe(400);
          const body = ErrorResponseSchema.parse(answer.json());
          expect(body.problems?.length).toBeGreaterThan(0);
          expect(after).toBe(before);
        }
      }),
      { numRuns: 60, seed },
    );
  }, 120_000);
});

describe('/api/account/data/imports/jobs', () => {
  const jobsUrl = `${URL}/jobs`;
  const start = (token: string, body: Record<string, unknown>) =>
    env.app.inject({ method: 'POST', url: jobsUrl, headers: bearer(token), payload: body });
  const send = (token: string, id: string, csv: string) =>
    env.app.inject({
      method: 'PUT',
      url: `${jobsUrl}/${id}/file`,
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: csv,
    });
  const follow = (token: string, id: string, method: 'GET' | 'DELETE' = 'GET') =>
    env.app.inject({ method, url: `${jobsUrl}/${id}`, headers: bearer(token) });

  it('starts an upload, takes its file, and shows how it ended at its status URL', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const csv = `${HEADER}\n${GOOD_LINE}\n${GOOD_LINE}\n`;
    const started = await start(me.token, { name: 'week.csv', size: csv.length });
    expect(started.statusCode, started.body).toBe(201);
    const job = ImportJobSchema.parse(started.json().data);
    expect(job).toMatchObject({ status: 'waiting', fileName: 'week.csv', bytesTotal: csv.length });
    expect(job.statusUrl).toBe(`${jobsUrl}/${job.id}`);

    const sent = await send(me.token, job.id, csv);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      data: { rows: 2 },
      message: '2 rows imported from week.csv.',
    });
    const done = ImportJobSchema.parse((await follow(me.token, job.id)).json().data);
    expect(done).toMatchObject({
      status: 'done',
      rowsChecked: 2,
      rowsWritten: 2,
      secondsLeft: null,
    });
    expect(done.importId).toBe(sent.json().data.id);
    expect(done.bytesRead).toBe(csv.length);

    // A file goes once; what is done cannot be cancelled.
    expect((await send(me.token, job.id, csv)).statusCode).toBe(409);
    const late = await follow(me.token, job.id, 'DELETE');
    expect(late.statusCode).toBe(409);
    expect(await rowsIn(me.account.id)).toBe(2);
  });

  it('keeps the problems of a refused file at its status URL, in the reader language', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const csv = `${HEADER}\n${GOOD_LINE.replace('100', 'x')}\n`;
    const job = (await start(me.token, { name: 'bad.csv', size: csv.length })).json().data;
    expect((await send(me.token, job.id, csv)).statusCode).toBe(400);
    const answer = await env.app.inject({
      method: 'GET',
      url: `${jobsUrl}/${job.id}`,
      headers: { ...bearer(me.token), 'accept-language': 'es' },
    });
    expect(answer.json().data).toMatchObject({
      status: 'refused',
      problemCount: 1,
      problems: [
        { line: 2, field: 'impressions', message: 'debe ser un número entero mayor o igual que 0' },
      ],
    });
  });

  it('cancels an upload before its file, refuses a size over the limit, and hides other accounts', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const other = await signedInUser(env.app, db(), { permission: 'owner' });
    const job = (await start(me.token, { name: 'a.csv', size: 10 })).json().data;
    expect((await follow(other.token, job.id)).statusCode).toBe(404);
    expect((await follow(other.token, job.id, 'DELETE')).statusCode).toBe(404);
    const cancelled = await follow(me.token, job.id, 'DELETE');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({
      data: { status: 'cancelled' },
      message: 'Upload cancelled. Nothing from the file was imported.',
    });
    expect((await send(me.token, job.id, `${HEADER}\n${GOOD_LINE}\n`)).statusCode).toBe(409);
    // Cancelling again answers how it ended.
    expect((await follow(me.token, job.id, 'DELETE')).json().data.status).toBe('cancelled');

    const big = await start(me.token, { name: 'big.csv', size: MAX_BYTES + 1 });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ inputError: 'size' });
    const nameless = await start(me.token, { size: 10 });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ inputError: 'name' });
    const unknown = await follow(me.token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await follow(me.token, 'not-an-id')).statusCode).toBe(400);
  });

  it('answers 202 with a status URL for a file over the async size, and writes it after', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const lines = Array.from({ length: 2_000 }, (_, n) => GOOD_LINE.replace('100', String(n)));
    const csv = `${[HEADER, ...lines].join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(ASYNC_BYTES);
    const answer = await upload(me.token, csv, { name: 'big.csv' });
    expect(answer.statusCode, answer.body).toBe(202);
    const { jobId, rows, statusUrl } = answer.json().data;
    expect(rows).toBe(2_000);
    expect(answer.headers.location).toBe(statusUrl);
    await expect
      .poll(async () => {
        const state = await env.app.inject({
          method: 'GET',
          url: statusUrl,
          headers: bearer(me.token),
        });
        return state.json().data.status;
      })
      .toBe('done');
    expect(statusUrl).toBe(`${jobsUrl}/${jobId}`);
    expect(await rowsIn(me.account.id)).toBe(2_000);
  });
});
