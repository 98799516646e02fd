import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AccountSecurity,
  AccountSecurityMember,
} from '@partner-portal/shared/account-security';
import type { StoredSession } from '@partner-portal/shared/user';
import { dismissToast } from '@/components/ui/toast-store';
import { i18n } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { json } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';
import { accountMenuItems } from '../route-table';

const URL = '/api/account/security';
const SINCE = '2099-03-03T09:00:00.000Z';
const AHEAD = '2099-03-10T09:00:00.000Z';
const PASSED = '2020-01-08T09:00:00.000Z';

const DANA: AccountSecurityMember = {
  id: 'u2',
  name: 'Dana Admin',
  email: 'dana@example.test',
  permission: 'admin',
};
const LUIS: AccountSecurityMember = {
  id: 'u3',
  name: 'Luis Dev',
  email: 'luis@example.test',
  permission: 'developer',
};

function policy(overrides: Partial<AccountSecurity> = {}): AccountSecurity {
  return {
    require_2fa: false,
    grace_days: 7,
    required_since: null,
    deadline: null,
    members_without_2fa: [DANA, LUIS],
    pending_invitations: 0,
    owner_2fa_enabled: true,
    ...overrides,
  };
}

const ON = policy({ require_2fa: true, required_since: SINCE, deadline: AHEAD });

type Answer = { status?: number; body: unknown };

interface Served {
  /** How many times the page asked for the policy. */
  gets: number;
  /** Every PATCH body sent, in order. */
  patches: unknown[];
}

/**
 * Fakes the policy API at the fetch edge: `get` answers GET /api/account/security and `patch`
 * the PATCH with its body; anything else (the signed-in frame's own calls) gets `{ data: null }`.
 */
function serve(
  get: () => Answer | Promise<Answer> = () => ({ body: { data: policy() } }),
  patch: (body: unknown) => Answer = (body) => ({
    body: { data: { ...ON, ...(body as object) }, message: 'Saved.' },
  }),
): Served {
  const served: Served = { gets: 0, patches: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url !== URL) return json(200, { data: null });
      if (init.method === 'PATCH') {
        const body: unknown = JSON.parse(String(init.body));
        served.patches.push(body);
        const answer = patch(body);
        return json(answer.status ?? 200, answer.body);
      }
      served.gets += 1;
      const answer = await get();
      return json(answer.status ?? 200, answer.body);
    }),
  );
  return served;
}

function openSecurity(session: Partial<StoredSession> = { permission: 'owner' }) {
  setSession(testSession({ '2fa_enabled': true, ...session }));
  return renderRoute('/account/security');
}

const longDate = (iso: string, locale = 'en') =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));
const requireSwitch = () =>
  screen.findByRole('switch', { name: 'Require two-factor authentication for every member' });
const graceField = () => screen.getByRole('textbox', { name: 'Grace period (days)' });
const membersTable = () =>
  screen.findByRole('table', { name: /without two-factor authentication/ });
/** Each body row's cells as read aloud: the avatar's initial is hidden from screen readers. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => {
          const copy = cell.cloneNode(true) as HTMLElement;
          copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
          return copy.textContent;
        }),
    );

beforeEach(() => {
  document.title = '';
});

afterEach(() => {
  // Unmount before the session goes, or the guard would redirect the page being torn down.
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

describe('/account/security', () => {
  it('shows the policy, its deadline still ahead, and the members without 2FA', async () => {
    const served = serve(() => ({ body: { data: ON } }));
    openSecurity();
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
    expect(
      screen.getByText(
        'Require two-factor authentication of every member of this account, and see who still has to set it up.',
      ),
    ).toBeInTheDocument();

    const table = await membersTable();
    expect(
      screen.getByRole('heading', { name: '2 members without two-factor authentication' }),
    ).toBeVisible();
    expect(rowTexts(table)).toEqual([
      ['Dana Admindana@example.test', 'Admin'],
      ['Luis Devluis@example.test', 'Developer'],
    ]);

    expect(await requireSwitch()).toBeChecked();
    expect(await requireSwitch()).toBeEnabled();
    expect(graceField()).toHaveValue('7');
    expect(screen.getByText('Required')).toBeVisible();
    const since = screen.getByText(/^Required since/);
    expect(since).toHaveTextContent(`Required since ${longDate(SINCE)}.`);
    expect(since.querySelector('time')).toHaveAttribute('datetime', SINCE);
    const ahead = screen.getByText(/lose access on/);
    expect(ahead).toHaveTextContent(`Members without it lose access on ${longDate(AHEAD)}.`);
    expect(ahead.querySelector('time')).toHaveAttribute('datetime', AHEAD);
    expect(screen.queryByText(/can only set it up/)).not.toBeInTheDocument();
    // A new grace counts from when the policy was turned on.
    expect(graceField()).toHaveAccessibleDescription(
      `Counted from ${longDate(SINCE)}, when you turned it on. 0 enforces it at once.`,
    );

    const help = screen.getByRole('complementary', { name: 'Good to know' });
    expect(within(help).getByText(/the keys of a member without two-factor/)).toBeVisible();
    expect(within(help).getByText(/signs in with their backup code/)).toBeVisible();
    expect(within(help).getByText(/nobody needs to be invited again/)).toBeVisible();
    expect(screen.queryByText(/Turn on two-factor authentication for yourself/)).toBeNull();
    expect(served.gets).toBe(1);
    await waitFor(() => expect(document.title).toBe('Security · Partner Portal'));
  });

  it('says when the deadline has passed', async () => {
    serve(() => ({
      body: { data: policy({ require_2fa: true, required_since: SINCE, deadline: PASSED }) },
    }));
    openSecurity();
    const passed = await screen.findByText(/can only set it up/);
    expect(passed).toHaveTextContent(
      `The deadline passed on ${longDate(PASSED)}. Members without it can only set it up.`,
    );
    expect(screen.queryByText(/lose access on/)).not.toBeInTheDocument();
  });

  it('counts the open invitations while it is required, since whoever accepts one joins under it', async () => {
    serve(() => ({ body: { data: { ...ON, pending_invitations: 1 } } }));
    openSecurity();
    expect(await screen.findByTestId('pending-invitations')).toHaveTextContent(
      '1 invitation is still open. Whoever accepts it joins under this requirement',
    );
  });

  it('says nothing of open invitations while it is not required', async () => {
    serve(() => ({ body: { data: policy({ pending_invitations: 3 }) } }));
    openSecurity();
    await membersTable();
    expect(screen.queryByTestId('pending-invitations')).not.toBeInTheDocument();
  });

  it('shows the empty state when every member uses 2FA, and no deadline while off', async () => {
    serve(() => ({ body: { data: policy({ members_without_2fa: [] }) } }));
    openSecurity();
    expect(await screen.findByText('Every member uses two-factor authentication')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Members without two-factor authentication' }),
    ).toBeVisible();
    expect(await requireSwitch()).not.toBeChecked();
    expect(screen.getByText('Not required')).toBeVisible();
    expect(
      screen.getByText('Members decide for themselves whether to use two-factor authentication.'),
    ).toBeVisible();
    expect(screen.queryByText(/lose access on|can only set it up/)).not.toBeInTheDocument();
    // The grace only shows while the switch is on.
    expect(screen.queryByRole('textbox', { name: 'Grace period (days)' })).toBeNull();
  });

  it('shows a loading state, then a failed load with a retry', async () => {
    let refuse = true;
    let release: () => void = () => undefined;
    const served = serve(async () => {
      if (refuse) {
        await new Promise<void>((resolve) => (release = resolve));
        return { status: 500, body: { message: 'The database is asleep.' } };
      }
      return { body: { data: policy() } };
    });
    openSecurity();
    expect(await screen.findByText('Loading the security settings')).toBeInTheDocument();
    release();
    expect(await screen.findByText('The security settings could not be loaded')).toBeVisible();
    expect(screen.getAllByText('The database is asleep.').length).toBeGreaterThan(0);
    expect(screen.queryByText('Every member uses two-factor authentication')).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await membersTable()).toBeInTheDocument();
    expect(screen.queryByText('The security settings could not be loaded')).toBeNull();
    expect(served.gets).toBe(2);
  });

  it('asks an owner without 2FA to turn theirs on first, and keeps the switch off', async () => {
    const served = serve(() => ({ body: { data: policy({ owner_2fa_enabled: false }) } }));
    const router = openSecurity({ '2fa_enabled': false });
    const banner = (
      await screen.findByText('Turn on two-factor authentication for yourself first')
    ).closest('[role="status"]') as HTMLElement;
    expect(banner).toHaveAttribute('data-variant', 'warning');
    expect(
      within(banner).getByText('You can require it of your members once your own sign-in uses it.'),
    ).toBeVisible();
    const link = within(banner).getByRole('link', { name: 'Set up two-factor authentication' });
    expect(link).toHaveAttribute('href', '/account/2fa');

    expect(await requireSwitch()).toBeDisabled();
    expect(await requireSwitch()).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(await requireSwitch());
    expect(await requireSwitch()).not.toBeChecked();
    expect(served.patches).toEqual([]);

    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/2fa'));
  });
});

describe('saving', () => {
  it('sends the switch and the grace, shows the server’s message and the new status', async () => {
    const answer = policy({
      require_2fa: true,
      grace_days: 14,
      required_since: SINCE,
      deadline: AHEAD,
    });
    const served = serve(undefined, () => ({
      body: {
        data: answer,
        message: 'Two-factor authentication is now required. 2 members were emailed.',
      },
    }));
    openSecurity();
    await userEvent.click(await requireSwitch());
    expect(graceField()).toHaveValue('7');
    await userEvent.clear(graceField());
    await userEvent.type(graceField(), '14');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Two-factor authentication is now required. 2 members were emailed.'),
    ).toBeInTheDocument();
    expect(served.patches).toEqual([{ require_2fa: true, grace_days: 14 }]);
    // The answer is the policy as stored: the status follows it without another GET.
    expect(await screen.findByText(/lose access on/)).toHaveTextContent(longDate(AHEAD));
    expect(screen.getByText('Required')).toBeVisible();
    expect(served.gets).toBe(1);
    expect(graceField()).toHaveValue('14');
  });

  it('turns the policy off without a grace', async () => {
    const served = serve(
      () => ({ body: { data: ON } }),
      () => ({
        body: { data: policy(), message: 'Two-factor authentication is no longer required.' },
      }),
    );
    openSecurity();
    await userEvent.click(await requireSwitch());
    expect(screen.queryByRole('textbox', { name: 'Grace period (days)' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Two-factor authentication is no longer required.'),
    ).toBeInTheDocument();
    expect(served.patches).toEqual([{ require_2fa: false }]);
    expect(await screen.findByText('Not required')).toBeVisible();
  });

  it('refuses a grace outside 0–30 days or not whole, without sending it', async () => {
    const served = serve();
    openSecurity();
    await userEvent.click(await requireSwitch());
    await userEvent.clear(graceField());
    await userEvent.type(graceField(), '31');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter a value between 0 and 30',
    );
    await userEvent.clear(graceField());
    await userEvent.type(graceField(), '2.5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a whole number of days');
    expect(graceField()).toHaveAttribute('aria-invalid', 'true');
    expect(served.patches).toEqual([]);
  });

  it('shows a 400 on grace_days under the grace field', async () => {
    const served = serve(undefined, () => ({
      status: 400,
      body: {
        message: 'The grace period must be between 0 and 30 days.',
        inputError: 'grace_days',
      },
    }));
    openSecurity();
    await userEvent.click(await requireSwitch());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('The grace period must be between 0 and 30 days.');
    expect(graceField()).toHaveAttribute('aria-invalid', 'true');
    expect(graceField()).toHaveAccessibleDescription(
      expect.stringContaining('The grace period must be between 0 and 30 days.'),
    );
    expect(served.patches).toEqual([{ require_2fa: true, grace_days: 7 }]);
    // A field error is not also an error toast, and the policy stays as it was.
    expect(screen.getAllByText('The grace period must be between 0 and 30 days.')).toHaveLength(1);
    expect(screen.getByText('Not required')).toBeVisible();
  });

  it('shows a 403 on require_2fa under the switch', async () => {
    serve(undefined, () => ({
      status: 403,
      body: {
        message: 'Turn on your own two-factor authentication first.',
        inputError: 'require_2fa',
      },
    }));
    openSecurity();
    await userEvent.click(await requireSwitch());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Turn on your own two-factor authentication first.',
    );
    expect(await requireSwitch()).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('languages and access', () => {
  it('speaks Spanish', async () => {
    serve(() => ({ body: { data: ON } }));
    openSecurity();
    await membersTable();
    try {
      await act(() => i18n.changeLanguage('es'));
      expect(await screen.findByRole('heading', { name: 'Seguridad', level: 1 })).toBeVisible();
      expect(
        screen.getByRole('switch', {
          name: 'Exigir la autenticación en dos pasos a todos los miembros',
        }),
      ).toBeChecked();
      expect(
        screen.getByRole('heading', { name: '2 miembros sin autenticación en dos pasos' }),
      ).toBeVisible();
      expect(screen.getByText(/perderán el acceso el/)).toHaveTextContent(
        `Los miembros que no la tengan perderán el acceso el ${longDate(AHEAD, 'es')}.`,
      );
      const table = screen.getByRole('table', { name: /sin autenticación en dos pasos/ });
      expect(within(table).getByText('Desarrollador')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Guardar' })).toBeVisible();
      expect(screen.getByText(/Las claves de API actúan como quien las creó/)).toBeVisible();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('is in the account menu of owners only', async () => {
    const has = (permission: Parameters<typeof accountMenuItems>[0]) =>
      accountMenuItems(permission).some((item) => item.to === '/account/security');
    expect(has('owner')).toBe(true);
    expect(has('admin')).toBe(false);
    expect(has('developer')).toBe(false);
    expect(has('user')).toBe(false);
    expect(has('advertiser')).toBe(false);

    serve();
    openSecurity();
    const menu = await screen.findByRole('navigation', { name: 'Account settings' });
    expect(within(menu).getByRole('link', { name: 'Security' })).toHaveAttribute(
      'href',
      '/account/security',
    );
  });

  it('sends an admin away without asking for the policy', async () => {
    const served = serve();
    const router = openSecurity({ permission: 'admin' });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/account/security'));
    expect(screen.queryByRole('heading', { name: 'Security', level: 1 })).toBeNull();
    expect(served.gets).toBe(0);
  });
});
