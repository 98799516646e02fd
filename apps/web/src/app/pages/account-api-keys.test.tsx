import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiKey, ApiKeyReveal } from '@partner-portal/shared/api-keys';
import type { StoredSession } from '@partner-portal/shared/user';
import { formatCell } from '@/components/ui/data-table-model';
import { i18n } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { stubRoutes, type RouteHandler } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  // Unmount before the session goes, or the guard would redirect the page being torn down.
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
  Reflect.deleteProperty(navigator, 'clipboard');
});

const DAY_MS = 86_400_000;
const ME = { id: 'u1', name: 'Olivia Owner' };
const DEV = { id: 'u2', name: 'Dana Developer' };
const ids = {
  sync: '7c1e2d3f-0000-4000-8000-000000000001',
  export: '7c1e2d3f-0000-4000-8000-000000000002',
  revoked: '7c1e2d3f-0000-4000-8000-000000000003',
  new: '7c1e2d3f-0000-4000-8000-000000000004',
};
const SECRET = 'pp_test_4fJ9kQ2mX7pL1nB8vC3zR6tY0wE5uH2aS9dG4k';
const ROLLED_SECRET = 'pp_test_Zx8Cv7Bn6Mm5Ll4Kk3Jj2Hh1Gg0Ff9Dd8Ss7Aa6q';

function apiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: ids.sync,
    name: 'Nightly sync',
    stub: 'pp_test_4fJ9…G4k',
    scope: ['account.read', 'report.read'],
    allowed_ips: [],
    created_by: ME,
    created_at: '2026-11-01T10:00:00.000Z',
    last_used_at: '2026-11-20T15:05:42.123Z',
    last_used_ip: '203.0.113.7',
    expires_at: '2027-01-30T10:00:00.000Z',
    previous_valid_until: null,
    status: 'active',
    two_factor_required: false,
    // 0, 1, 2, 3, 4 six times over: 60 calls.
    usage: Array.from({ length: 30 }, (_, day) => day % 5),
    ...overrides,
  };
}

const SYNC = apiKey();
const EXPORT = apiKey({
  id: ids.export,
  name: 'BI export',
  stub: 'pp_test_Qw12…9xyz',
  scope: ['report.export'],
  created_by: DEV,
  last_used_at: null,
  last_used_ip: null,
  expires_at: null,
  usage: Array.from({ length: 30 }, () => 0),
});
const REVOKED = apiKey({ id: ids.revoked, name: 'Old cron', status: 'revoked' });
const GRANTABLE = ['account.read', 'workbook.read', 'report.read', 'report.export', 'event.create'];

function renderPage(
  routes: Record<string, RouteHandler> = {},
  session: Partial<StoredSession> = { id: ME.id, permission: 'owner' },
) {
  const sent = stubRoutes({
    'GET /api/key': () => ({ body: { data: [SYNC, EXPORT, REVOKED] } }),
    'GET /api/key/scopes': () => ({ body: { data: GRANTABLE } }),
    'GET /api/sigma/workbook': () => ({ body: { data: [] } }),
    ...routes,
  });
  setSession(testSession(session));
  renderRoute('/account/apikeys');
  return (method: string, url: string) =>
    sent.filter((call) => call.method === method && call.url === url).map((call) => call.body);
}

function stubClipboard(writeText = vi.fn(async (_text: string) => undefined)) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

const table = () => screen.findByRole('table', { name: 'API keys of this account' });
const rowOf = async (name: string) => {
  const row = (await within(await table()).findByText(name)).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function menuOf(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
}

async function chooseRowAction(name: string, action: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

async function choose(dialog: HTMLElement, field: RegExp, option: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('/account/apikeys list', () => {
  it('shows each key with its stub, scopes, creator, use, expiry, status and usage', async () => {
    renderPage();
    const sync = await rowOf('Nightly sync');
    expect(cellTexts(sync)).toEqual([
      'Nightly sync',
      'pp_test_4fJ9…G4k',
      'account.readreport.read',
      'Olivia Owner',
      formatCell(SYNC.created_at, 'date'),
      `${formatCell(SYNC.last_used_at, 'datetime')}from 203.0.113.7`,
      formatCell(SYNC.expires_at, 'date'),
      'Active',
      '60 calls in the last 30 days',
      '',
    ]);
    expect(within(sync).getByText('pp_test_4fJ9…G4k')).toHaveClass('font-mono');
    expect(within(sync).getByText('Active')).toHaveClass('bg-success');
    const sparkline = within(sync).getByRole('img', { name: '60 calls in the last 30 days' });
    const points = sparkline.querySelector('polyline')?.getAttribute('points')?.split(' ') ?? [];
    expect(points).toHaveLength(30);
    // The busiest days (4 calls) touch the top, the quiet ones (0) the bottom.
    expect(points[4]).toMatch(/,2$/);
    expect(points[0]).toMatch(/,22$/);

    const unused = await rowOf('BI export');
    const cells = cellTexts(unused);
    expect(cells[5]).toBe('Never');
    expect(cells[6]).toBe('Never');
    expect(within(unused).getByRole('img', { name: '0 calls in the last 30 days' })).toBeVisible();

    expect(within(await rowOf('Old cron')).getByText('Revoked')).toHaveAttribute(
      'data-status',
      'revoked',
    );
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it('offers only the actions that apply to each key and person', async () => {
    renderPage();
    expect(await menuOf('Nightly sync')).toEqual(['Edit', 'Roll', 'Revoke', 'Delete']);
    await userEvent.keyboard('{Escape}');
    // The owner may rename, revoke and delete someone else's key, never roll it.
    expect(await menuOf('BI export')).toEqual(['Edit', 'Revoke', 'Delete']);
    await userEvent.keyboard('{Escape}');
    expect(await menuOf('Old cron')).toEqual(['Delete']);
  });

  it("shows a developer someone else's key read-only", async () => {
    renderPage({}, { id: DEV.id, permission: 'developer' });
    expect(await menuOf('Nightly sync')).toEqual(['Details']);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nightly sync' });
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Any address')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('explains keys with a curl call when there are none, and links to making one', async () => {
    renderPage({ 'GET /api/key': () => ({ body: { data: [] } }) });
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        `curl -H "Authorization: Bearer pp_…" ${window.location.origin}/api/account`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create your first API key' }));
    expect(await screen.findByRole('dialog', { name: 'New API key' })).toBeInTheDocument();
  });

  it('refuses a new key once the account has its most live keys', async () => {
    const keys = Array.from({ length: 20 }, (_, n) =>
      apiKey({ id: `7c1e2d3f-0000-4000-8000-1000000000${String(n).padStart(2, '0')}` }),
    );
    renderPage({ 'GET /api/key': () => ({ body: { data: [...keys, REVOKED] } }) });
    const button = await screen.findByRole('button', { name: 'New API key' });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription(
      'An account can have at most 20 active keys. Revoke or delete one to make another.',
    );
  });

  it('sends a failed load to the central handler and offers a retry', async () => {
    renderPage({
      'GET /api/key': () => ({ status: 403, body: { message: 'Developers only.' } }),
    });
    expect(await screen.findByText('Developers only.')).toBeInTheDocument();
    expect(screen.getByText('The API keys could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText('No API keys yet')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    renderPage();
    await rowOf('Nightly sync');
    try {
      await act(() => i18n.changeLanguage('es'));
      expect(await screen.findByRole('button', { name: 'Nueva clave de API' })).toBeVisible();
      const spanish = screen.getByRole('table', { name: 'Claves de API de esta cuenta' });
      expect(within(spanish).getByRole('columnheader', { name: /Permisos/ })).toBeInTheDocument();
      const row = within(spanish).getByText('Nightly sync').closest('tr')!;
      expect(within(row).getByText('Activa')).toBeInTheDocument();
      expect(
        within(row).getByRole('img', { name: '60 llamadas en los últimos 30 días' }),
      ).toBeInTheDocument();
      const unused = within(spanish).getByText('BI export').closest('tr')!;
      expect(within(unused).getAllByText('Nunca')).toHaveLength(2);
      await userEvent.click(screen.getByRole('button', { name: 'Acciones para Nightly sync' }));
      await userEvent.click(await screen.findByRole('menuitem', { name: 'Renovar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Renovar Nightly sync' });
      expect(within(dialog).getByRole('button', { name: 'Renovar clave' })).toBeVisible();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('creating a key', () => {
  const created: ApiKeyReveal = {
    ...apiKey({
      id: ids.new,
      name: 'Warehouse loader',
      stub: 'pp_test_4fJ9…G4k',
      scope: ['account.read', 'report.read'],
      allowed_ips: ['203.0.113.0/24', '198.51.100.7'],
      last_used_at: null,
      last_used_ip: null,
      usage: Array.from({ length: 30 }, () => 0),
    }),
    key: SECRET,
  };

  async function openCreate() {
    await userEvent.click(await screen.findByRole('button', { name: 'New API key' }));
    return screen.findByRole('dialog', { name: 'New API key' });
  }

  it('offers one checkbox per grantable scope, each described', async () => {
    renderPage();
    const dialog = await openCreate();
    const boxes = await within(dialog).findAllByRole('checkbox');
    expect(boxes.map((box) => box.id)).toEqual(
      GRANTABLE.map((scope) => `field-scope_${scope.replace('.', '_')}`),
    );
    const accountRead = within(dialog).getByRole('checkbox', { name: 'account.read' });
    expect(accountRead).toHaveAccessibleDescription(
      "Read the account's name, plan, subscription and member count",
    );
    expect(within(dialog).queryByRole('checkbox', { name: 'user.read' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Expires/ })).toHaveTextContent(
      'In 90 days',
    );
  });

  it('refuses no scope and a malformed IP range without sending', async () => {
    const posted = renderPage();
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Warehouse loader');
    await userEvent.type(
      within(dialog).getByLabelText('Allowed IP ranges'),
      '203.0.113.0/24\n10.0.0.300',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Please choose at least one scope')).toBeVisible();
    expect(
      within(dialog).getByText('10.0.0.300 is not an IP address or a range such as 203.0.113.0/24'),
    ).toBeVisible();
    expect(posted('POST', '/api/key')).toEqual([]);
  });

  it('sends the chosen scopes, expiry and ranges, then shows the key once with a copy button', async () => {
    const writeText = stubClipboard();
    const posted = renderPage({
      'POST /api/key': () => ({ status: 201, body: { data: created } }),
    });
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), '  Warehouse loader ');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'report.read' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'account.read' }));
    await choose(dialog, /^Expires/, 'In 1 year');
    await userEvent.type(
      within(dialog).getByLabelText('Allowed IP ranges'),
      '203.0.113.0/24, 198.51.100.7',
    );
    const before = Date.now();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const reveal = await screen.findByRole('dialog', { name: 'Warehouse loader is ready' });
    const [body] = posted('POST', '/api/key') as [Record<string, unknown>];
    expect(body).toEqual({
      name: 'Warehouse loader',
      scope: ['account.read', 'report.read'],
      expires_at: expect.any(String),
      allowed_ips: ['203.0.113.0/24', '198.51.100.7'],
    });
    const expiry = Date.parse(String(body.expires_at));
    expect(expiry).toBeGreaterThanOrEqual(before + 365 * DAY_MS);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 365 * DAY_MS);

    expect(within(reveal).getByLabelText('API key')).toHaveValue(SECRET);
    expect(within(reveal).getByLabelText('API key')).toHaveAttribute('readonly');
    expect(within(reveal).getByText(/only time the whole key is shown/)).toBeVisible();
    expect(within(reveal).getByLabelText('Try it')).toHaveValue(
      `curl -H "Authorization: Bearer ${SECRET}" ${window.location.origin}/api/account`,
    );
    await userEvent.click(within(reveal).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    await userEvent.click(within(reveal).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(reveal).not.toBeInTheDocument());
    // Never shown again: the list has the new key's stub, not its secret.
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(await rowOf('Warehouse loader')).toHaveTextContent('Active');
    expect(screen.getByText('1–4 of 4')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'New API key' })).toHaveFocus());
  });

  it('sends null for a key that never expires, and says when copying fails', async () => {
    stubClipboard(vi.fn(async () => Promise.reject(new Error('denied'))));
    const posted = renderPage({
      'POST /api/key': () => ({
        status: 201,
        body: { data: { ...created, scope: ['report.read'], expires_at: null } },
      }),
    });
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Warehouse loader');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'report.read' }));
    await choose(dialog, /^Expires/, 'Never');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const reveal = await screen.findByRole('dialog', { name: 'Warehouse loader is ready' });
    expect(posted('POST', '/api/key')).toEqual([
      { name: 'Warehouse loader', scope: ['report.read'], expires_at: null, allowed_ips: [] },
    ]);
    // The try-it call needs account.read, which this key lacks: the dialog says so.
    expect(within(reveal).getByLabelText('Try it')).toHaveAccessibleDescription(
      'This call needs the account.read scope, which this key does not have.',
    );
    await userEvent.click(within(reveal).getByRole('button', { name: 'Copy' }));
    expect(
      await screen.findByText('Could not copy. Select the text and copy it yourself.'),
    ).toBeInTheDocument();
  });

  it("shows the server's scope refusal under the scopes and stays open", async () => {
    renderPage({
      'POST /api/key': () => ({
        status: 403,
        body: { message: 'You cannot give a key the report.read scope.', inputError: 'scope' },
      }),
    });
    const dialog = await openCreate();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Warehouse loader');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'report.read' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('You cannot give a key the report.read scope.');
    expect(screen.getByRole('dialog', { name: 'New API key' })).toBeInTheDocument();
  });
});

describe('changing a key', () => {
  it('asks before revoking, then PATCHes active: false and marks the row revoked', async () => {
    const patched = renderPage({
      [`PATCH /api/key/${ids.sync}`]: () => ({ body: { data: { ...SYNC, status: 'revoked' } } }),
    });
    await chooseRowAction('Nightly sync', 'Revoke');
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Nightly sync?' });
    expect(confirm).toHaveTextContent('stops working at once');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(patched('PATCH', `/api/key/${ids.sync}`)).toEqual([]);

    await chooseRowAction('Nightly sync', 'Revoke');
    const again = await screen.findByRole('alertdialog', { name: 'Revoke Nightly sync?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Nightly sync revoked')).toBeInTheDocument();
    expect(patched('PATCH', `/api/key/${ids.sync}`)).toEqual([{ active: false }]);
    expect(within(await rowOf('Nightly sync')).getByText('Revoked')).toBeInTheDocument();
    expect(await menuOf('Nightly sync')).toEqual(['Delete']);
  });

  it('deletes after confirming and drops the row', async () => {
    const deleted = renderPage({
      [`DELETE /api/key/${ids.revoked}`]: () => ({ body: { data: null } }),
    });
    await chooseRowAction('Old cron', 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Old cron?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete key' }));
    expect(await screen.findByText('Old cron deleted')).toBeInTheDocument();
    expect(deleted('DELETE', `/api/key/${ids.revoked}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Old cron')).not.toBeInTheDocument());
  });

  it('rolls with the chosen overlap and shows the new key once', async () => {
    const until = '2026-12-02T10:00:00.000Z';
    const rolled: ApiKeyReveal = {
      ...SYNC,
      stub: 'pp_test_Zx8C…6q',
      previous_valid_until: until,
      key: ROLLED_SECRET,
    };
    const sent = renderPage({
      [`POST /api/key/${ids.sync}/roll`]: () => ({ body: { data: rolled } }),
    });
    const trigger = await screen.findByRole('button', { name: 'Actions for Nightly sync' });
    await chooseRowAction('Nightly sync', 'Roll');
    const dialog = await screen.findByRole('dialog', { name: 'Roll Nightly sync' });
    expect(
      within(dialog).getByRole('combobox', { name: /^Current key keeps working/ }),
    ).toHaveTextContent('For 24 hours');
    await choose(dialog, /^Current key keeps working/, 'For 7 days');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll key' }));

    const reveal = await screen.findByRole('dialog', { name: 'New secret for Nightly sync' });
    expect(sent('POST', `/api/key/${ids.sync}/roll`)).toEqual([{ overlap: '7d' }]);
    expect(within(reveal).getByLabelText('API key')).toHaveValue(ROLLED_SECRET);
    expect(reveal).toHaveTextContent(
      `The previous key keeps working until ${formatCell(until, 'datetime')}.`,
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(reveal).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    const row = await rowOf('Nightly sync');
    expect(row).toHaveTextContent('pp_test_Zx8C…6q');
    expect(row).toHaveTextContent(`Previous key works until ${formatCell(until, 'datetime')}`);
    expect(document.body).not.toHaveTextContent(ROLLED_SECRET);
  });

  it('sends only what the creator changed', async () => {
    const saved = { ...SYNC, scope: ['account.read', 'report.read', 'workbook.read'] };
    const sent = renderPage({
      [`PATCH /api/key/${ids.sync}`]: () => ({ body: { data: saved } }),
    });
    await chooseRowAction('Nightly sync', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Nightly sync' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Nightly sync');
    expect(within(dialog).getByRole('checkbox', { name: 'account.read' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'workbook.read' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Changes to Nightly sync saved')).toBeInTheDocument();
    expect(sent('PATCH', `/api/key/${ids.sync}`)).toEqual([
      { scope: ['account.read', 'workbook.read', 'report.read'] },
    ]);
    expect(await rowOf('Nightly sync')).toHaveTextContent('workbook.read');
  });

  it("lets the owner rename someone else's key, and nothing more", async () => {
    const sent = renderPage({
      [`PATCH /api/key/${ids.export}`]: () => ({ body: { data: { ...EXPORT, name: 'BI' } } }),
    });
    await chooseRowAction('BI export', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit BI export' });
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Allowed IP ranges')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Only Dana Developer, who created this key, can change its scopes and IP ranges.',
    );
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'BI');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent('PATCH', `/api/key/${ids.export}`)).toEqual([{ name: 'BI' }]);
    expect(await rowOf('BI')).toBeInTheDocument();
  });
});
