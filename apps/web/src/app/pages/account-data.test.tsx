import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_COLUMNS } from '@partner-portal/shared/report-import';
import { clearSession, setSession } from '@/lib/session-store';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';
import { accountMenuItems } from '../route-table';

const HEADER = REPORT_COLUMNS.join(',');
const LINE = (day: number) =>
  `2026-01-${String(day).padStart(2, '0')},Acme,Spring,search,US,desktop,100,5,1,10.00,8.00`;

/** The one upload the screen makes: answered by the test once it has checked what was sent. */
class FakeUpload {
  static last: FakeUpload | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeUpload.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  FakeUpload.last = null;
});

const JOB_URL = '/api/account/data/imports/jobs/j1';
const WAITING_JOB = {
  id: 'j1',
  fileName: 'january.csv',
  status: 'waiting',
  bytesTotal: 100,
  bytesRead: 0,
  rowsChecked: 0,
  rowsWritten: 0,
  secondsLeft: null,
  problemCount: 0,
  problems: [],
  importId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  finishedAt: null,
  statusUrl: JOB_URL,
};

/**
 * The screen on a stubbed API: the history, an upload started as job j1, whose state (what its
 * status URL answers) a test moves with `job.state`; the file goes through FakeUpload.
 */
function open(history: unknown[] = []) {
  const listCalls = vi.fn(() => new Response(JSON.stringify({ data: history })));
  const job = {
    state: { ...WAITING_JOB } as Record<string, unknown>,
    started: vi.fn(),
    cancelled: vi.fn(),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (url === '/api/account/data/imports') return listCalls();
      if (url === '/api/account/data/imports/jobs' && method === 'POST') {
        job.started(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ data: WAITING_JOB }), { status: 201 });
      }
      if (url === JOB_URL && method === 'DELETE') {
        job.cancelled();
        job.state = { ...job.state, status: 'cancelled' };
      }
      if (url === JOB_URL) return new Response(JSON.stringify({ data: job.state }));
      return new Response(JSON.stringify({ data: null }), { status: 200 });
    }),
  );
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  setSession(testSession({ permission: 'admin' }));
  renderRoute('/account/data');
  return { listCalls, job };
}

/** The upload once the screen has started its job and begun sending the file. */
async function sending(): Promise<FakeUpload> {
  await waitFor(() => expect(FakeUpload.last).not.toBeNull());
  return FakeUpload.last!;
}

const csvFile = (text: string, name = 'january.csv') =>
  new File([text], name, { type: 'text/csv' });

async function choose(file: File) {
  const input = await screen.findByTestId('csv-file-input');
  await userEvent.upload(input, file);
}

describe('/account/data', () => {
  it('explains the file, offers the template and shows an empty history', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Import data' })).toBeVisible();
    expect(screen.getByText(HEADER)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download the template' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Choose a CSV file' })).toBeVisible();
    expect(await screen.findByText('No file has been imported yet.')).toBeVisible();
  });

  it("previews the first rows of the chosen file and names a header's wrong columns", async () => {
    open();
    await choose(csvFile(`date,advertiser,spend\n${[1, 2, 3, 4, 5, 6, 7].map(LINE).join('\n')}\n`));
    const preview = await screen.findByRole('region', { name: 'First rows of the file' });
    // The header and five rows: lines 2 to 6 of the file, not 7 and 8.
    expect(within(preview).getAllByRole('row')).toHaveLength(6);
    expect(within(preview).getByRole('cell', { name: '6' })).toBeVisible();
    expect(within(preview).queryByRole('cell', { name: '7' })).toBeNull();
    expect(screen.getByText(/Columns the import does not know: spend/)).toBeVisible();
    expect(screen.getByText(/Missing columns: campaign, channel/)).toBeVisible();
  });

  it('sends the file with its progress, then shows the rows loaded and the new history', async () => {
    const { listCalls, job } = open();
    const file = csvFile(`${HEADER}\n${LINE(1)}\n`);
    await choose(file);
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));

    const upload = await sending();
    expect(job.started).toHaveBeenCalledWith({ name: 'january.csv', size: file.size });
    expect(upload.method).toBe('PUT');
    expect(upload.url).toBe(`${JOB_URL}/file`);
    expect(upload.headers['content-type']).toBe('text/csv');
    expect(upload.headers.authorization).toBe('Bearer header.payload.signature');
    expect(upload.body).toBeInstanceOf(File);

    upload.progress(50, 100);
    expect(await screen.findByText('Sending the file… 50 %')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    // What the server has done with the bytes so far, read from the upload's status URL.
    job.state = { ...job.state, status: 'receiving', rowsChecked: 12_000, secondsLeft: 30 };
    expect(
      await screen.findByText('12,000 rows checked · about 30 sec left', {}, { timeout: 3_000 }),
    ).toBeVisible();
    upload.progress(100, 100);
    job.state = { ...job.state, status: 'writing', rowsChecked: 24_000, rowsWritten: 24_000 };
    expect(
      await screen.findByText(
        'Writing 24,000 checked rows into your reports…',
        {},
        { timeout: 3_000 },
      ),
    ).toBeVisible();

    const listed = listCalls.mock.calls.length;
    upload.answer(201, {
      data: { id: 'i1', rows: 1 },
      message: '1 row imported from january.csv.',
    });
    expect(await screen.findByText('1 row imported from january.csv.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard/core',
    );
    await waitFor(() => expect(listCalls.mock.calls.length).toBeGreaterThan(listed));
    // Ready for the next file.
    expect(screen.getByRole('button', { name: 'Choose a CSV file' })).toBeVisible();
    expect(job.cancelled).not.toHaveBeenCalled();
  });

  it('cancels an upload: the request stops, the server is told, and nothing is said imported', async () => {
    const { job } = open();
    await choose(csvFile(`${HEADER}\n${LINE(1)}\n`));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    const upload = await sending();
    upload.progress(10, 100);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(
      await screen.findByText('Upload cancelled. Nothing from the file was imported.'),
    ).toBeVisible();
    expect(job.cancelled).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('progressbar', { name: 'Upload progress' })).toBeNull();
    // The file is still chosen, to send again.
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('lists every line to fix when the file is refused, marks them in the preview, and counts those not listed', async () => {
    open();
    await choose(csvFile(`${HEADER}\n${LINE(1)}\n`));
    await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
    (await sending()).answer(400, {
      message: 'Nothing was imported: the file has 3 problems to fix.',
      inputError: 'file',
      problems: [
        { line: 2, field: 'date', code: 'not_calendar_date', message: 'is not a calendar date' },
      ],
      problemCount: 3,
    });
    const problems = await screen.findByRole('list', { name: 'Lines to fix' });
    expect(within(problems).getByText('Line 2, date:')).toBeVisible();
    expect(within(problems).getByText(/is not a calendar date/)).toBeVisible();
    expect(screen.getByText('…and 2 more problems.')).toBeVisible();
    // The preview marks the line the import named.
    const preview = screen.getByRole('region', { name: 'First rows of the file' });
    expect(within(preview).getByText('(to fix)', { exact: false }).closest('td')).toHaveTextContent(
      '2 (to fix)',
    );
    // The same file would be refused again: Import waits for another.
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Choose another file' }));
    await choose(csvFile(`${HEADER}\n${LINE(2)}\n`, 'fixed.csv'));
    expect(await screen.findByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('lists the history with who loaded each file, when, and how many rows', async () => {
    open([
      {
        id: 'i2',
        fileName: 'february.csv',
        rows: 12500,
        createdAt: '2026-02-01T10:00:00.000Z',
        by: { firstName: 'Ada', lastName: 'Admin', email: 'ada@example.test' },
      },
      { id: 'i1', fileName: 'seed.csv', rows: 1, createdAt: '2026-01-01T10:00:00.000Z', by: null },
    ]);
    const history = await screen.findByRole('list', { name: 'Import history' });
    const [newest, oldest] = within(history).getAllByRole('listitem');
    expect(newest).toHaveTextContent('february.csv');
    expect(newest).toHaveTextContent(/Ada Admin, Feb 1, 2026/);
    expect(newest).toHaveTextContent('12,500 rows');
    expect(oldest).toHaveTextContent('An administrator');
    expect(oldest).toHaveTextContent('1 row');
  });

  it('is in the account menu of owners and admins only', () => {
    const has = (permission: Parameters<typeof accountMenuItems>[0]) =>
      accountMenuItems(permission).some((item) => item.to === '/account/data');
    expect(has('owner')).toBe(true);
    expect(has('admin')).toBe(true);
    expect(has('user')).toBe(false);
  });
});
