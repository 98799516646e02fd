import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamInvite, TeamUser } from '@partner-portal/shared/team';
import type { StoredSession } from '@partner-portal/shared/user';
import { CARD_LAYOUT_QUERY } from '@/components/ui/data-table-layout';
import { formatCell } from '@/components/ui/data-table-model';
import { i18n } from '@/lib/i18n';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  // Unmount before the session goes, or the guard would redirect the page being torn down.
  cleanup();
  vi.unstubAllGlobals();
  clearSession();
});

const ids = {
  owner: '0b9f3c4e-1d2a-4c5b-8e6f-000000000001',
  admin: '0b9f3c4e-1d2a-4c5b-8e6f-000000000002',
  advertiser: '0b9f3c4e-1d2a-4c5b-8e6f-000000000003',
  invite: '0b9f3c4e-1d2a-4c5b-8e6f-000000000004',
};

function member(overrides: Partial<TeamUser>): TeamUser {
  return {
    id: ids.owner,
    avatar: null,
    email: 'owner@example.test',
    first_name: 'Olivia',
    last_name: 'Owner',
    last_login: '2026-11-20T15:05:42.123Z',
    permission: 'owner',
    verified: true,
    status: 'verified',
    advertiser_name: null,
    enable_plus: false,
    plus_dashboards: [],
    date_created: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

function invite(overrides: Partial<TeamInvite>): TeamInvite {
  return {
    id: ids.invite,
    email: 'dev@example.test',
    date_sent: '2026-11-21T09:00:00.000Z',
    expires_at: '2026-11-28T09:00:00.000Z',
    expired: false,
    permission: 'developer',
    advertiser_name: null,
    enable_plus: false,
    plus_dashboards: [],
    status: 'invited',
    ...overrides,
  };
}

const OWNER = member({});
const ADMIN = member({
  id: ids.admin,
  email: 'alex@example.test',
  first_name: 'Alex',
  last_name: 'Admin',
  permission: 'admin',
  verified: false,
  status: 'registered',
  last_login: null,
});
const ADVERTISER = member({
  id: ids.advertiser,
  email: 'ads@acme.test',
  first_name: 'Ada',
  last_name: 'Acme',
  permission: 'advertiser',
  advertiser_name: 'Acme',
  enable_plus: true,
  plus_dashboards: ['wb-revenue'],
});
const INVITE = invite({});
/** The advertisers the account's report data names. */
const ADVERTISERS = ['Acme', 'Globex Travel', 'Initech'].map((name) => ({
  name,
  last_date: '2026-11-30',
}));
const TEAM = { users: [OWNER, ADMIN, ADVERTISER], invites: [INVITE] };
const WORKBOOKS = [
  { name: 'Core', workbookId: 'wb-core', kind: 'core' },
  { name: 'Revenue', workbookId: 'wb-revenue', kind: 'plus' },
  { name: 'Audience', workbookId: 'wb-audience', kind: 'plus' },
];

type Handler = (body: unknown) => { status?: number; body: unknown };
interface Call {
  method: string;
  url: string;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** A fake of our API at the fetch edge: `routes` answer "METHOD /path"; every call is recorded. */
function renderPage(
  routes: Record<string, Handler> = {},
  session: Partial<StoredSession> = { id: ids.owner, permission: 'owner' },
) {
  const calls: Call[] = [];
  const defaults: Record<string, Handler> = {
    'GET /api/account/users': () => ({ body: { data: TEAM } }),
    'GET /api/sigma/workbook': () => ({ body: { data: WORKBOOKS } }),
    'GET /api/account/users/advertisers': () => ({ body: { data: { advertisers: ADVERTISERS } } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body: unknown = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const handler = routes[`${method} ${url}`] ?? defaults[`${method} ${url}`];
      if (!handler) return json(200, { data: null });
      const answer = handler(body);
      return json(answer.status ?? 200, answer.body);
    }),
  );
  setSession(testSession(session));
  const router = renderRoute('/account/users');
  const sent = (method: string, url: string) =>
    calls.filter((call) => call.method === method && call.url === url).map((call) => call.body);
  return { router, sent };
}

/** jsdom has no layout: a phone-wide window is one where the card layout's query matches. */
function onPhone() {
  const real = window.matchMedia.bind(window);
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    query === CARD_LAYOUT_QUERY
      ? ({ ...real(query), matches: true } as MediaQueryList)
      : real(query),
  );
}

const table = () => screen.findByRole('table', { name: /Users and open invitations/ });
const rowOf = async (text: string) => {
  const row = (await within(await table()).findByText(text)).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

async function chooseRowAction(rowLabel: string, action: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${rowLabel}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

async function openInviteDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Invite users' }));
  return screen.findByRole('dialog', { name: 'Invite users' });
}

async function choosePermission(dialog: HTMLElement, label: string) {
  await userEvent.click(within(dialog).getByRole('combobox', { name: /^Permission/ }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

describe('/account/users', () => {
  it('lists members and open invites with their status badges, search and paging text', async () => {
    renderPage();
    const owner = await rowOf('owner@example.test');
    expect(cellTexts(owner)).toEqual([
      'OOlivia Owner owner@example.test',
      formatCell(OWNER.last_login, 'datetime'),
      'Owner',
      'Verified',
      '',
    ]);
    expect(owner).toHaveTextContent(formatCell(OWNER.last_login, 'datetime'));
    expect(owner).not.toHaveTextContent(':42');
    expect(within(owner).getByText('Verified')).toHaveClass('bg-success');

    const admin = await rowOf('alex@example.test');
    expect(within(admin).getByText('Registered')).toHaveClass('bg-info');
    expect(within(admin).getByText('Never')).toBeInTheDocument();

    const invited = await rowOf('dev@example.test');
    expect(within(invited).getByText('Invited')).toHaveClass('bg-warning');
    expect(cellTexts(invited)[2]).toBe('Developer');
    expect(screen.getByText('1–4 of 4')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'advertiser');
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
    expect(within(await table()).getByText('ads@acme.test')).toBeInTheDocument();
    // An advertiser user's advertiser is shown with the role, and found by search.
    const advertiser = await rowOf('ads@acme.test');
    expect(within(advertiser).getByTestId('member-advertiser')).toHaveTextContent('Acme');
  });

  it('labels the New button "Invite users", in Spanish too', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Invite users' })).toBeInTheDocument();
    try {
      await act(() => i18n.changeLanguage('es'));
      expect(await screen.findByRole('button', { name: 'Invitar usuarios' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('gives way last login first, then permission, then status; never the user or actions', async () => {
    renderPage();
    await rowOf('owner@example.test');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
    expect(header('User')).toHaveAttribute('data-priority', '1');
    expect(header('User')).not.toHaveClass('hidden');
    expect(header('Status')).toHaveClass('hidden', '@md:table-cell');
    expect(header('Permission')).toHaveClass('hidden', '@xl:table-cell');
    expect(header('Last login')).toHaveClass('hidden', '@2xl:table-cell');
    const owner = await rowOf('owner@example.test');
    const cells = within(owner).getAllByRole('cell');
    expect(cells.map((cell) => cell.dataset.priority)).toEqual(['1', '4', '3', '2', undefined]);
    expect(cells.at(-1)).not.toHaveClass('hidden');
    expect(
      within(cells.at(-1)!).getByRole('button', { name: 'Actions for Olivia Owner' }),
    ).toBeInTheDocument();
  });

  it('shows each user as a card with name, e-mail, facts and actions on a phone', async () => {
    onPhone();
    renderPage();
    const list = await screen.findByRole('list', { name: /Users and open invitations/ });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = await within(list).findAllByRole('listitem');
    expect(cards).toHaveLength(4);
    const people = [
      ['Olivia Owner', 'owner@example.test'],
      ['Alex Admin', 'alex@example.test'],
      ['Ada Acme', 'ads@acme.test'],
    ] as const;
    for (const [name, email] of people) {
      const card = within(list)
        .getByRole('heading', { level: 2, name: `${name} ${email}` })
        .closest('li');
      if (!card) throw new Error(`no card for ${name}`);
      expect(within(card).getByText(name)).toBeInTheDocument();
      expect(within(card).getByText(email)).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: `Actions for ${name}` })).toBeInTheDocument();
    }
    const invited = within(list).getByRole('heading', { name: 'dev@example.test' }).closest('li');
    if (!invited) throw new Error('no card for the invite');
    expect(
      within(invited).getByRole('button', { name: 'Actions for dev@example.test' }),
    ).toBeInTheDocument();
    expect(
      within(invited)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Status', 'Permission', 'Last login']);
    expect(
      within(invited)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Invited', 'Developer', 'Never']);

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Alex Admin' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Alex Admin' })).toBeInTheDocument();
  });

  it('sorts by a column, ascending then descending', async () => {
    renderPage();
    await rowOf('owner@example.test');
    // The user column sorts by name, an invite by its e-mail in its place.
    const header = screen.getByRole('columnheader', { name: /User/ });
    const names = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getByRole('button', { name: /^Actions for/ })
            .getAttribute('aria-label')
            ?.replace('Actions for ', ''),
        );
    await userEvent.click(within(header).getByRole('button'));
    expect(names()).toEqual(['Ada Acme', 'Alex Admin', 'dev@example.test', 'Olivia Owner']);
    await userEvent.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()[0]).toBe('Olivia Owner');
  });

  it('shows the empty state when the account has nobody else', async () => {
    renderPage({
      'GET /api/account/users': () => ({ body: { data: { users: [], invites: [] } } }),
    });
    expect(
      await screen.findByText('Nobody here yet. Use Invite users to add your team.'),
    ).toBeInTheDocument();
    expect(screen.getByText('0–0 of 0')).toBeInTheDocument();
  });

  it('sends a failed load to the central handler and offers a retry', async () => {
    renderPage({
      'GET /api/account/users': () => ({ status: 403, body: { message: 'Admins only.' } }),
    });
    expect(await screen.findByText('Admins only.')).toBeInTheDocument();
    expect(screen.getByText('The users could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('offers contact as a mailto link, and no delete for the owner', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Olivia Owner' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Contact' })).toHaveAttribute(
      'href',
      'mailto:owner@example.test',
    );
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Edit', 'Contact']);
  });

  it('offers resend, contact and delete on an invited row', async () => {
    renderPage();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for dev@example.test' }),
    );
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Resend invite', 'Contact', 'Delete invite']);
  });
});

describe('invite dialog', () => {
  it('defaults to user without an owner option, and shows the advertiser and Plus fields only when they apply', async () => {
    renderPage();
    const dialog = await openInviteDialog();
    const permission = within(dialog).getByRole('combobox', { name: /^Permission/ });
    expect(permission).toHaveTextContent('User');
    expect(within(dialog).queryByLabelText(/^Advertiser name/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('switch')).not.toBeInTheDocument();

    await userEvent.click(permission);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Admin',
      'Developer',
      'User',
      'Advertiser',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Advertiser' }));
    expect(within(dialog).getByLabelText(/^Advertiser name/)).toBeInTheDocument();
    const plus = within(dialog).getByRole('switch', { name: 'Give access to Plus dashboards' });
    expect(within(dialog).queryByRole('button', { name: 'Plus dashboards' })).toBeNull();

    await userEvent.click(plus);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plus dashboards' }));
    const list = await screen.findByRole('listbox', { name: 'Plus dashboards' });
    // Only the Plus workbooks are offered, never the core one.
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Revenue', 'Audience']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(plus);
    expect(within(dialog).queryByRole('button', { name: 'Plus dashboards' })).toBeNull();
    await choosePermission(dialog, 'User');
    expect(within(dialog).queryByLabelText(/^Advertiser name/)).not.toBeInTheDocument();
  });

  it('names each malformed or repeated address and sends nothing', async () => {
    const { sent } = renderPage();
    const dialog = await openInviteDialog();
    await userEvent.type(
      within(dialog).getByLabelText(/^Email addresses/),
      'ana@example.test, bad@, ANA@example.test, luis@example.test',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent(
      'bad@ is not a valid email address; ana@example.test is listed more than once',
    );
    expect(sent('POST', '/api/invite')).toEqual([]);
  });

  it('asks for the advertiser name and the Plus dashboards when they apply', async () => {
    const { sent } = renderPage();
    const dialog = await openInviteDialog();
    await userEvent.type(within(dialog).getByLabelText(/^Email addresses/), 'ads@new.test');
    await choosePermission(dialog, 'Advertiser');
    await userEvent.click(within(dialog).getByRole('switch'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Advertiser name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select an option')).toBeInTheDocument();
    expect(sent('POST', '/api/invite')).toEqual([]);
  });

  it('invites several people, adds them as invited rows and closes', async () => {
    const created = [
      invite({ id: 'i-1', email: 'ana@example.test', permission: 'user' }),
      invite({ id: 'i-2', email: 'luis@example.test', permission: 'user' }),
    ];
    const { sent } = renderPage({
      'POST /api/invite': () => ({ status: 201, body: { data: created } }),
    });
    const dialog = await openInviteDialog();
    await userEvent.type(
      within(dialog).getByLabelText(/^Email addresses/),
      'ana@example.test, luis@example.test',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('2 invitations sent')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent('POST', '/api/invite')).toEqual([
      { email: 'ana@example.test, luis@example.test', permission: 'user' },
    ]);
    for (const email of ['ana@example.test', 'luis@example.test']) {
      expect(within(await rowOf(email)).getByText('Invited')).toBeInTheDocument();
    }
    expect(screen.getByText('1–6 of 6')).toBeInTheDocument();
  });

  it('sends an advertiser with Plus dashboards', async () => {
    const created = [
      invite({
        id: 'i-3',
        email: 'ads@new.test',
        permission: 'advertiser',
        advertiser_name: 'Globex',
        enable_plus: true,
        plus_dashboards: ['wb-audience'],
      }),
    ];
    const { sent } = renderPage({
      'POST /api/invite': () => ({ status: 201, body: { data: created } }),
    });
    const dialog = await openInviteDialog();
    await userEvent.type(within(dialog).getByLabelText(/^Email addresses/), 'ads@new.test');
    await choosePermission(dialog, 'Advertiser');
    const name = within(dialog).getByLabelText(/^Advertiser name/);
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription(/Pick an advertiser from your report data/),
    );
    // The report data says "Globex Travel": the list suggests it as the name is typed.
    const suggestions = document.getElementById(name.getAttribute('list') ?? '');
    expect([...(suggestions?.querySelectorAll('option') ?? [])].map((o) => o.value)).toEqual([
      'Acme',
      'Globex Travel',
      'Initech',
    ]);
    await userEvent.type(name, 'Globex');
    await userEvent.click(within(dialog).getByRole('switch'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plus dashboards' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Audience' }));
    await userEvent.keyboard('{Escape}');
    // A name no row carries is warned about, and sent only once confirmed.
    const confirm = within(dialog).getByRole('checkbox', { name: 'Use this name anyway' });
    expect(confirm).toHaveAccessibleDescription(/would see an empty dashboard/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(
      await within(dialog).findByText(
        'Pick an advertiser from the list, or confirm this new name.',
      ),
    ).toBeInTheDocument();
    expect(sent('POST', '/api/invite')).toEqual([]);
    await userEvent.click(confirm);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to ads@new.test')).toBeInTheDocument();
    expect(sent('POST', '/api/invite')).toEqual([
      {
        email: 'ads@new.test',
        permission: 'advertiser',
        advertiser_name: 'Globex',
        enable_plus: true,
        plus_dashboards: ['wb-audience'],
      },
    ]);
  });

  it("shows the server's inputError under the e-mail field and stays open", async () => {
    renderPage({
      'POST /api/invite': () => ({
        status: 409,
        body: { message: 'alex@example.test is already a member', inputError: 'email' },
      }),
    });
    const dialog = await openInviteDialog();
    const field = within(dialog).getByLabelText(/^Email addresses/);
    await userEvent.type(field, 'alex@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('alex@example.test is already a member');
    expect(error).toHaveAttribute('id', 'field-email-error');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Invite users' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});

describe('edit dialog', () => {
  it('saves the permission and advertiser fields and merges the saved row', async () => {
    const saved = {
      ...ADMIN,
      permission: 'advertiser' as const,
      advertiser_name: 'Initech',
      first_name: 'Alexa',
    };
    const { sent } = renderPage({ 'PATCH /api/user': () => ({ body: { data: saved } }) });
    await chooseRowAction('Alex Admin', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alex Admin' });
    expect(within(dialog).queryByLabelText(/^Email/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Permission/ })).toHaveTextContent(
      'Admin',
    );
    await choosePermission(dialog, 'Advertiser');
    await userEvent.type(within(dialog).getByLabelText(/^Advertiser name/), 'Initech');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Changes to Alexa Admin saved')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent('PATCH', '/api/user')).toEqual([
      {
        id: ids.admin,
        permission: 'advertiser',
        advertiser_name: 'Initech',
        enable_plus: false,
        plus_dashboards: [],
      },
    ]);
    const row = await rowOf('alex@example.test');
    expect(within(row).getByText('Advertiser')).toBeInTheDocument();
    expect(within(row).getByText('Alexa Admin')).toBeInTheDocument();
  });

  it("starts from the member's advertiser fields and clears them when the permission changes", async () => {
    const { sent } = renderPage({
      'PATCH /api/user': () => ({ body: { data: { ...ADVERTISER, permission: 'user' } } }),
    });
    await chooseRowAction('Ada Acme', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Acme' });
    expect(within(dialog).getByLabelText(/^Advertiser name/)).toHaveValue('Acme');
    expect(within(dialog).getByRole('switch')).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Plus dashboards' })).toHaveTextContent(
      'Revenue',
    );
    await choosePermission(dialog, 'User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PATCH', '/api/user')).toHaveLength(1));
    expect(sent('PATCH', '/api/user')[0]).toEqual({
      id: ids.advertiser,
      permission: 'user',
      advertiser_name: null,
      enable_plus: false,
      plus_dashboards: [],
    });
  });

  it('cancels without saving and gives focus back to the row menu', async () => {
    const { sent } = renderPage({ 'PATCH /api/user': () => ({ body: { data: ADMIN } }) });
    const trigger = await screen.findByRole('button', { name: 'Actions for Alex Admin' });
    await chooseRowAction('Alex Admin', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alex Admin' });
    await choosePermission(dialog, 'User');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(sent('PATCH', '/api/user')).toEqual([]);
    expect(within(await rowOf('alex@example.test')).getByText('Admin')).toBeInTheDocument();
    // Reopened, it starts again from the saved values.
    await chooseRowAction('Alex Admin', 'Edit');
    const again = await screen.findByRole('dialog', { name: 'Edit Alex Admin' });
    expect(within(again).getByRole('combobox', { name: /^Permission/ })).toHaveTextContent('Admin');
  });

  it("shows the owner's permission as text, with no select and nothing to save", async () => {
    renderPage();
    await chooseRowAction('Olivia Owner', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Olivia Owner' });
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Owner')).toBeInTheDocument();
    expect(within(dialog).getByText("The owner's permission cannot be changed.")).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });
});

describe('keyboard', () => {
  it('edits from the row menu with the keyboard and gives focus back to the row menu', async () => {
    renderPage();
    const trigger = await screen.findByRole('button', { name: 'Actions for Alex Admin' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Alex Admin' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(document.body.style.pointerEvents).not.toBe('none');
  });

  it('cancels a delete with the keyboard and gives focus back to the row menu', async () => {
    const { sent } = renderPage();
    const trigger = await screen.findByRole('button', { name: 'Actions for Alex Admin' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Edit' });
    await userEvent.keyboard('{End}{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Alex Admin?' });
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(sent('DELETE', `/api/user/${ids.admin}`)).toEqual([]);
  });
});

describe('delete and resend', () => {
  it('asks before deleting a member, then removes the row', async () => {
    const { sent } = renderPage({
      [`DELETE /api/user/${ids.admin}`]: () => ({ body: { data: { signout: false } } }),
    });
    await chooseRowAction('Alex Admin', 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Alex Admin?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(sent('DELETE', `/api/user/${ids.admin}`)).toEqual([]);
    expect(await rowOf('alex@example.test')).toBeInTheDocument();

    await chooseRowAction('Alex Admin', 'Delete');
    const again = await screen.findByRole('alertdialog', { name: 'Delete Alex Admin?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Alex Admin deleted')).toBeInTheDocument();
    expect(sent('DELETE', `/api/user/${ids.admin}`)).toHaveLength(1);
    expect(within(await table()).queryByText('alex@example.test')).not.toBeInTheDocument();
    expect(screen.getByText('1–3 of 3')).toBeInTheDocument();
  });

  it('signs out when the signed-in admin deletes themself', async () => {
    const { router, sent } = renderPage(
      { [`DELETE /api/user/${ids.admin}`]: () => ({ body: { data: { signout: true } } }) },
      { id: ids.admin, permission: 'admin', email: 'alex@example.test' },
    );
    await chooseRowAction('Alex Admin', 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Alex Admin?' });
    expect(confirm).toHaveTextContent('You will lose access to this account and be signed out.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(getSession()).toBeNull();
    expect(sent('DELETE', '/api/auth')).toHaveLength(1);
  });

  it('asks before deleting an invite, then removes it', async () => {
    const { sent } = renderPage({
      [`DELETE /api/invite/${ids.invite}`]: () => ({ body: { data: null } }),
    });
    await chooseRowAction('dev@example.test', 'Delete invite');
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Delete the invitation to dev@example.test?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete invite' }));
    expect(await screen.findByText('Invitation to dev@example.test deleted')).toBeInTheDocument();
    expect(sent('DELETE', `/api/invite/${ids.invite}`)).toHaveLength(1);
    expect(within(await table()).queryByText('dev@example.test')).not.toBeInTheDocument();
  });

  it('resends an invite with its e-mail and permission after confirming', async () => {
    const { sent } = renderPage({
      'POST /api/invite': () => ({
        status: 201,
        body: { data: [{ ...INVITE, date_sent: '2026-11-22T09:00:00.000Z' }] },
      }),
    });
    await chooseRowAction('dev@example.test', 'Resend invite');
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Resend the invitation to dev@example.test?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Resend' }));
    expect(
      await screen.findByText('Invitation sent again to dev@example.test'),
    ).toBeInTheDocument();
    expect(sent('POST', '/api/invite')).toEqual([
      { email: 'dev@example.test', permission: 'developer' },
    ]);
    // The re-sent invite replaces its row rather than adding another.
    expect(screen.getByText('1–4 of 4')).toBeInTheDocument();
  });

  it('shows a failed delete through the central handler and keeps the row', async () => {
    renderPage({
      [`DELETE /api/user/${ids.admin}`]: () => ({
        status: 403,
        body: { message: 'You may not remove this user.' },
      }),
    });
    await chooseRowAction('Alex Admin', 'Delete');
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Alex Admin?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You may not remove this user.')).toBeInTheDocument();
    expect(await rowOf('alex@example.test')).toBeInTheDocument();
  });
});
