import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEvent, AuditListResponse } from '@partner-portal/shared/audit';
import type { StoredSession } from '@partner-portal/shared/user';
import { i18n } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { json } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';
import { accountMenuItems } from '../route-table';

const TOKEN = 'header.payload.signature';
const KEY_ID = '7c1e2d3f-0000-4000-8000-000000000001';

function auditEvent(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 1,
    at: '2026-11-20T15:05:42.000Z',
    account_id: 'a1',
    actor: { type: 'user', id: 'u2', label: 'dana@example.test' },
    on_behalf_of: null,
    action: 'api_key.created',
    target: { type: 'api_key', id: KEY_ID },
    outcome: 'success',
    ip: '203.0.113.7',
    user_agent: 'Mozilla/5.0',
    request_id: 'req-1',
    changes: null,
    count: 1,
    last_at: null,
    ...overrides,
  };
}

const CREATED = auditEvent();
const DENIED = auditEvent({
  id: 2,
  at: '2026-11-20T15:04:10.000Z',
  actor: { type: 'api_key', id: 'key-42', label: null },
  action: 'api_key.denied',
  target: { type: null, id: null },
  outcome: 'denied',
  ip: '198.51.100.9',
});
const SUPPORT_SIGNIN = auditEvent({
  id: 3,
  at: '2026-11-19T09:00:00.000Z',
  actor: { type: 'user', id: 'u1', label: 'owner@example.test' },
  on_behalf_of: 'operator-7',
  action: 'auth.signin',
  target: { type: 'user', id: 'u1' },
});
const UNKNOWN = auditEvent({
  id: 4,
  at: '2026-11-18T23:59:59.000Z',
  actor: { type: 'system', id: null, label: null },
  action: 'snapshot.purged',
  target: { type: 'snapshot', id: 'r-9' },
  outcome: 'failure',
  ip: null,
});
const ROWS = [CREATED, DENIED, SUPPORT_SIGNIN, UNKNOWN];

const page = (rows: AuditEvent[], extra: Partial<AuditListResponse> = {}): AuditListResponse => ({
  rows,
  total: rows.length,
  page: 1,
  page_size: 50,
  ...extra,
});

type AuditAnswer = { status?: number; body: unknown };

interface Served {
  /** Every /api/audit… URL asked for, in order (the session's own calls left out). */
  urls: string[];
  /** The headers each call was sent with, by URL. */
  headers: Map<string, Headers>;
}

/**
 * Fakes the audit API at the fetch edge: `list` answers GET /api/audit with its query string,
 * the CSV route answers `csv`; anything else gets `{ data: null }`.
 */
function serve(
  list: (query: URLSearchParams) => AuditAnswer = () => ({ body: { data: page(ROWS) } }),
  csv: () => Response = () =>
    new Response('at,actor,action\n2026-11-20,dana,api_key.created\n', {
      headers: { 'Content-Type': 'text/csv' },
    }),
): Served {
  const served: Served = { urls: [], headers: new Map() };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const parsed = new URL(url, window.location.origin);
      if (!parsed.pathname.startsWith('/api/audit')) return json(200, { data: null });
      served.urls.push(url);
      served.headers.set(url, new Headers(init.headers));
      if (parsed.pathname === '/api/audit.csv') return csv();
      if (parsed.pathname === '/api/audit.json') {
        return json(200, {
          data: { exported_at: '2026-11-20T10:00:00.000Z', filters: {}, rows: ROWS },
        });
      }
      const answer = list(parsed.searchParams);
      return json(answer.status ?? 200, answer.body);
    }),
  );
  return served;
}

function openAudit(session: Partial<StoredSession> = { permission: 'owner' }) {
  setSession(testSession(session));
  return renderRoute('/account/audit');
}

/** jsdom has no object URLs and cannot follow a download link: both are recorded instead. */
function catchDownloads() {
  const saved: { blob: Blob; name: string }[] = [];
  let lastBlob: Blob | null = null;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: vi.fn((blob: Blob) => {
      lastBlob = blob;
      return 'blob:audit-export';
    }),
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (lastBlob) saved.push({ blob: lastBlob, name: this.download });
  });
  return saved;
}

const table = () => screen.findByRole('table', { name: 'Audit log of this account' });
const rowWith = async (text: string) => {
  const row = (await within(await table()).findByText(text)).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
/** The day, then the time with seconds, as the cell stacks them. */
const withSeconds = (at: string, locale: string) =>
  new Date(at).toLocaleDateString(locale, { dateStyle: 'medium' }) +
  new Date(at).toLocaleTimeString(locale, { timeStyle: 'medium' });

async function choose(field: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

beforeEach(() => {
  document.title = '';
});

afterEach(() => {
  // Unmount before the session goes, or the guard would redirect the page being torn down.
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

describe('/account/audit list', () => {
  it('shows each event with its time, actor, translated action, target, outcome and IP', async () => {
    const served = serve();
    openAudit();
    expect(await screen.findByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const created = await rowWith('API key created');
    expect(cellTexts(created)).toEqual([
      withSeconds(CREATED.at, 'en'),
      'API key created',
      'Success',
      'dana@example.testUser',
      `API key${KEY_ID}`,
      '203.0.113.7',
    ]);
    expect(within(created).getByText('Success')).toHaveClass('bg-success');
    expect(created.querySelector('time')).toHaveAttribute('datetime', CREATED.at);
    expect(created.querySelector('time')).toHaveTextContent(withSeconds(CREATED.at, 'en'));

    const denied = await rowWith('API key call denied');
    expect(within(denied).getByText('Denied')).toHaveClass('bg-warning');
    // A key without a label is named by its id, and marked as a key.
    expect(cellTexts(denied)[3]).toBe('key-42API key');

    const support = await rowWith('Signed in');
    expect(within(support).getByText('via support')).toBeVisible();
    expect(within(created).queryByText('via support')).not.toBeInTheDocument();

    // An action this screen has no words for is shown as the server names it.
    const unknown = await rowWith('snapshot.purged');
    expect(within(unknown).getByText('Failure')).toHaveClass('bg-destructive');
    expect(cellTexts(unknown)[3]).toBe('System');
    expect(cellTexts(unknown)[4]).toBe('snapshotr-9');

    expect(screen.getByText('1–4 of 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(served.urls).toEqual(['/api/audit']);
    expect(served.headers.get('/api/audit')?.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    await waitFor(() => expect(document.title).toBe('Audit log · Partner Portal'));
  });

  it('says how many times a repeated read happened, and when last', async () => {
    const lastAt = '2026-11-20T15:09:00.000Z';
    serve(() => ({
      body: {
        data: page([
          auditEvent({
            action: 'dashboard.viewed',
            target: { type: 'workbook', id: 'wb-core' },
            count: 3,
            last_at: lastAt,
          }),
        ]),
      },
    }));
    openAudit();
    const viewed = await rowWith('Dashboard opened');
    const last = new Date(lastAt).toLocaleTimeString('en', { timeStyle: 'short' });
    expect(cellTexts(viewed)[1]).toBe(`Dashboard opened3 times, last at ${last}`);
    expect(cellTexts(viewed)[4]).toBe('Dashboardwb-core');
  });

  it('says when nothing matches', async () => {
    serve(() => ({ body: { data: page([]) } }));
    openAudit();
    expect(await screen.findByText('Nothing recorded for these filters')).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows a failed load with a retry, not the empty state', async () => {
    let refuse = true;
    serve(() =>
      refuse
        ? { status: 403, body: { message: 'Only owners and admins may read the audit log.' } }
        : { body: { data: page(ROWS) } },
    );
    openAudit();
    expect(await screen.findByText('The audit log could not be loaded')).toBeInTheDocument();
    expect(
      await screen.findByText('Only owners and admins may read the audit log.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Nothing recorded for these filters')).not.toBeInTheDocument();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowWith('API key created')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('The audit log could not be loaded')).not.toBeInTheDocument(),
    );
  });

  it('speaks Spanish', async () => {
    serve();
    openAudit();
    await rowWith('API key created');
    try {
      await act(() => i18n.changeLanguage('es'));
      expect(
        await screen.findByRole('heading', { name: 'Registro de auditoría', level: 1 }),
      ).toBeVisible();
      const spanish = screen.getByRole('table', { name: 'Registro de auditoría de esta cuenta' });
      expect(within(spanish).getByRole('columnheader', { name: 'Resultado' })).toBeVisible();
      const created = within(spanish).getByText('Clave de API creada').closest('tr')!;
      expect(within(created).getByText('Correcto')).toBeVisible();
      expect(created.querySelector('time')).toHaveTextContent(withSeconds(CREATED.at, 'es'));
      const denied = within(spanish).getByText('Llamada con clave de API denegada').closest('tr')!;
      expect(within(denied).getByText('Denegado')).toBeVisible();
      expect(within(denied).getByText('Clave de API')).toBeVisible();
      expect(within(spanish).getByText('vía soporte')).toBeVisible();
      expect(within(spanish).getByText('Inicio de sesión')).toBeVisible();
      expect(screen.getByText('1–4 de 4')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Exportar CSV' })).toBeVisible();
      await choose('Acción', 'Clave de API revocada');
      expect(screen.getByRole('combobox', { name: 'Resultado' })).toHaveTextContent('Todos');
      expect(screen.getByLabelText('Autor')).toHaveAttribute(
        'placeholder',
        'Correo, ID de usuario o de clave',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('filtering and paging', () => {
  it('asks again with each filter in the query string', async () => {
    const served = serve();
    openAudit();
    await rowWith('API key created');
    const last = () => served.urls.at(-1);

    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('All');
    await choose('Outcome', 'Denied');
    await waitFor(() => expect(last()).toBe('/api/audit?outcome=denied'));

    await choose('Action', 'API key revoked');
    await waitFor(() => expect(last()).toBe('/api/audit?action=api_key.revoked&outcome=denied'));

    await userEvent.type(screen.getByLabelText('Actor'), ' dana@example.test ');
    await waitFor(() =>
      expect(last()).toBe(
        '/api/audit?actor=dana%40example.test&action=api_key.revoked&outcome=denied',
      ),
    );

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() =>
      expect(last()).toBe(
        '/api/audit?from=2026-11-01&to=2026-11-30&actor=dana%40example.test&action=api_key.revoked&outcome=denied',
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // The unfiltered list is already cached: it shows again without asking.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Outcome' })).toHaveTextContent('All'),
    );
    expect(screen.getByLabelText('Actor')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('explains a range the server would refuse, and does not send it', async () => {
    const served = serve();
    openAudit();
    await rowWith('API key created');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(served.urls.at(-1)).toBe('/api/audit?from=2026-11-20'));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The end date must not be before the start date',
    );
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      'The end date must not be before the start date',
    );
    expect(served.urls.some((url) => url.includes('to=2026-11-01'))).toBe(false);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2023-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a range of at most 732 days',
    );
    expect(served.urls.some((url) => url.includes('from=2023-01-01'))).toBe(false);
  });

  it('pages on the server, and starts again at page 1 when a filter changes', async () => {
    const many = (from: number, count: number) =>
      Array.from({ length: count }, (_, n) =>
        auditEvent({ id: from + n, target: { type: 'api_key', id: `key-${from + n}` } }),
      );
    const served = serve((query) => {
      const number = Number(query.get('page') ?? '1');
      const rows = number === 3 ? many(101, 20) : many((number - 1) * 50 + 1, 50);
      return { body: { data: page(rows, { total: 120, page: number }) } };
    });
    openAudit();
    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('51–100 of 120')).toBeInTheDocument();
    expect(served.urls.at(-1)).toBe('/api/audit?page=2');
    expect(await within(await table()).findByText('key-51')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('101–120 of 120')).toBeInTheDocument();
    expect(served.urls.at(-1)).toBe('/api/audit?page=3');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('51–100 of 120')).toBeInTheDocument();

    await choose('Outcome', 'Failure');
    await waitFor(() => expect(served.urls.at(-1)).toBe('/api/audit?outcome=failure'));
    expect(await screen.findByText('1–50 of 120')).toBeInTheDocument();
  });
});

describe('exporting', () => {
  it('downloads /api/audit.csv with the filters and the bearer token, then shows the export', async () => {
    const saved = catchDownloads();
    const served = serve();
    openAudit();
    await rowWith('API key created');
    await choose('Outcome', 'Denied');
    await waitFor(() => expect(served.urls.at(-1)).toBe('/api/audit?outcome=denied'));
    const listCalls = served.urls.length;

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const csvUrl = '/api/audit.csv?outcome=denied';
    expect(served.urls).toContain(csvUrl);
    expect(served.headers.get(csvUrl)?.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(saved[0]?.name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await saved[0]?.blob.text()).toContain('api_key.created');
    // The export is itself logged, so the list is read again to show it.
    await waitFor(() =>
      expect(served.urls.slice(listCalls)).toEqual([csvUrl, '/api/audit?outcome=denied']),
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('downloads /api/audit.json under a .json name beside the CSV', async () => {
    const saved = catchDownloads();
    const served = serve();
    openAudit();
    await rowWith('API key created');
    await userEvent.click(screen.getByRole('button', { name: 'Export JSON' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(served.urls).toContain('/api/audit.json');
    expect(served.urls).not.toContain('/api/audit.csv');
    expect(saved[0]?.name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await saved[0]!.blob.text()).data.rows).toHaveLength(ROWS.length);
  });

  it('says so when the export is refused, and saves nothing', async () => {
    const saved = catchDownloads();
    serve(undefined, () => json(403, { message: 'Exports are for owners and admins.' }));
    openAudit();
    await rowWith('API key created');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exports are for owners and admins.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});

describe('who may open it', () => {
  it('is in the account menu of owners and admins only', async () => {
    const has = (permission: Parameters<typeof accountMenuItems>[0]) =>
      accountMenuItems(permission).some((item) => item.to === '/account/audit');
    expect(has('owner')).toBe(true);
    expect(has('admin')).toBe(true);
    expect(has('developer')).toBe(false);
    expect(has('user')).toBe(false);
    expect(has('advertiser')).toBe(false);

    serve();
    openAudit({ permission: 'admin' });
    const menu = await screen.findByRole('navigation', { name: 'Account settings' });
    expect(within(menu).getByRole('link', { name: 'Audit log' })).toHaveAttribute(
      'href',
      '/account/audit',
    );
  });

  it.each(['user', 'developer'] as const)(
    'sends a %s away like the other admin pages, without asking for the log',
    async (permission) => {
      const served = serve();
      const router = openAudit({ permission });
      await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
      expect(router.state.historyAction).toBe('REPLACE');
      expect(screen.queryByRole('heading', { name: 'Audit log' })).not.toBeInTheDocument();
      expect(served.urls).toEqual([]);
    },
  );
});
