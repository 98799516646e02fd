import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  REPORT_COLUMNS,
  REPORT_IMPORT_MAX_BYTES,
  REPORT_IMPORT_MAX_PROBLEMS,
  ReportImportListSchema,
} from '@partner-portal/shared/report-import';
import { ErrorResponseSchema } from '@partner-portal/shared/api';
import { reportImports, reportRows } from '../../db/schema/index';
import { bearer, signedInUser } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';

const env = useTestApp();
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
    const bad = Array.from({ length: 150 }, () => GOOD_LINE.replace('100', 'x'));
    const answer = await upload(me.token, [HEADER, ...bad].join('\n'));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().problems).toHaveLength(REPORT_IMPORT_MAX_PROBLEMS);
    expect(answer.json().problemCount).toBe(150);
  });

  it('refuses an empty file, a wrong header, a file over the limit, and JSON, with a 4xx', async () => {
    const me = await signedInUser(env.app, db(), { permission: 'admin' });
    const empty = await upload(me.token, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().problems[0]).toMatchObject({ code: 'file_empty' });

    const header = await upload(me.token, `date,advertiser,spend\n${GOOD_LINE}\n`);
    expect(header.statusCode).toBe(400);
    expect(header.json().problems[0]).toMatchObject({ line: 1, field: 'header', code: 'header' });

    const huge = await upload(me.token, `${HEADER}\n${'x'.repeat(REPORT_IMPORT_MAX_BYTES)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The request body is too large (the limit is 10 MiB).');

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
