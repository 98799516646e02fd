import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissToast } from '@/components/ui/toast-store';
import { clearSession } from '@/lib/session-store';
import type * as SupportSession from '../navigation/support-session';
import { enterSupportSession } from '../navigation/support-session';
import {
  actionCalls,
  confirmStepUp,
  consoleUser,
  ids,
  openConsole,
  pageOf,
  serveConsole,
  STEP_UP_REFUSAL,
  userDetail,
} from '@/test/master-test-kit';

// The page hands the minted link to the app's support-session helper, which leaves the page
// (jsdom cannot follow it); the test sees what it was given.
vi.mock('../navigation/support-session', async (importOriginal) => ({
  ...(await importOriginal<typeof SupportSession>()),
  enterSupportSession: vi.fn(),
}));

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  vi.mocked(enterSupportSession).mockClear();
  clearSession();
});

const DANA = consoleUser();
const OPERATOR = consoleUser({
  id: ids.olivia,
  email: 'ops@partner.test',
  name: 'Ops Person',
  accounts: [
    { id: ids.northwind, name: 'Northwind Media', permission: 'owner' },
    { id: ids.solo, name: 'Solo Partner', permission: 'user' },
    { id: 'a3', name: 'Third Co', permission: 'advertiser' },
  ],
  verified: false,
  two_factor: true,
  last_login: null,
  support_access: false,
  disabled: true,
  master: true,
});
const USER_URL = `/api/master/users/${ids.dana}`;

const table = () => screen.findByRole('table', { name: 'All users' });
async function rowWith(text: string) {
  const row = (await within(await table()).findByText(text)).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('/master/users', () => {
  it('lists users with their accounts, verification, 2FA, last sign-in and support access', async () => {
    const calls = serveConsole({
      'GET /api/master/users': () => ({ body: { data: pageOf([DANA, OPERATOR]) } }),
    });
    openConsole('/master/users');
    const dana = await rowWith('dana@northwind.test');
    expect(cells(dana)).toEqual([
      'dana@northwind.test',
      'Dana Díaz',
      'Northwind Media (Admin)',
      'Yes',
      'No',
      new Date(DANA.last_login ?? '').toLocaleString('en', {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
      'Yes',
    ]);
    expect(within(dana).getByRole('link', { name: 'dana@northwind.test' })).toHaveAttribute(
      'href',
      `/master/users/${ids.dana}`,
    );
    const operator = await rowWith('ops@partner.test');
    expect(within(operator).getByText('Disabled')).toBeVisible();
    expect(within(operator).getByText('Operator')).toBeVisible();
    expect(cells(operator)[2]).toBe('Northwind Media (Owner)Solo Partner (User)+1 more account');
    expect(cells(operator)[5]).toBe('Never');
    expect(actionCalls(calls)).toEqual(['GET /api/master/users']);
  });

  it('searches by e-mail on the server', async () => {
    const calls = serveConsole({
      'GET /api/master/users': ({ query }) => ({
        body: { data: pageOf(query.get('q') ? [DANA] : [DANA, OPERATOR]) },
      }),
    });
    openConsole('/master/users');
    await rowWith('ops@partner.test');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'dana@north');
    await waitFor(() =>
      expect(actionCalls(calls).at(-1)).toBe('GET /api/master/users?q=dana%40north'),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'All users' })).queryByText('ops@partner.test'),
      ).not.toBeInTheDocument(),
    );
  });
});

describe('/master/users/:id', () => {
  it('shows the user, their accounts and sessions, and only the actions that apply', async () => {
    serveConsole({ [`GET ${USER_URL}`]: () => ({ body: { data: userDetail() } }) });
    openConsole(`/master/users/${ids.dana}`);
    expect(await screen.findByRole('heading', { name: 'Dana Díaz', level: 2 })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'User details', level: 1 })).toBeVisible();
    const accounts = screen.getByRole('table', { name: 'Accounts of this user' });
    expect(within(accounts).getByRole('link', { name: 'Northwind Media' })).toHaveAttribute(
      'href',
      `/master/accounts/${ids.northwind}`,
    );
    const sessions = screen.getByRole('table', { name: 'Live sessions of this user' });
    expect(within(sessions).getByText('198.51.100.23')).toBeVisible();
    expect(
      within(sessions).getByRole('button', { name: 'Revoke the session in Northwind Media' }),
    ).toBeVisible();
    // Verified, 2FA off, support access on (with its end), not an operator.
    expect(screen.getByText(/^until Dec 9, 2026/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Act as this user' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Disable user' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Resend verification e-mail' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset 2FA' })).not.toBeInTheDocument();
  });

  it.each([
    ['without support access', { support_access: false }],
    ['who is an operator', { master: true }],
  ])('never offers to act as a user %s', async (_, user) => {
    serveConsole({
      [`GET ${USER_URL}`]: () => ({ body: { data: userDetail({ user: consoleUser(user) }) } }),
    });
    openConsole(`/master/users/${ids.dana}`);
    expect(await screen.findByRole('heading', { name: 'Dana Díaz', level: 2 })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Disable user' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Act as this user' })).not.toBeInTheDocument();
  });

  // A long walk through the screen: more than the default time on a busy machine.
  it(
    'requires a reason to act as the user, then opens the support session it is given',
    { timeout: 15_000 },
    async () => {
      const calls = serveConsole({
        [`GET ${USER_URL}`]: () => ({ body: { data: userDetail() } }),
        [`POST ${USER_URL}/impersonate`]: () => ({
          body: { data: { url: 'https://portal.test/signin/impersonate?token=t0k3n' } },
        }),
      });
      openConsole(`/master/users/${ids.dana}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Act as this user' }));
      const dialog = await screen.findByRole('dialog', { name: 'Act as dana@northwind.test' });
      const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Start support session' }));
      expect(await within(dialog).findByText('Reason is required')).toBeVisible();
      await userEvent.type(reason, 'abc');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Start support session' }));
      expect(
        await within(dialog).findByText('Reason must be a minimum of 5 characters'),
      ).toBeVisible();
      expect(calls.some((call) => call.url.endsWith('/impersonate'))).toBe(false);

      await userEvent.type(reason, ' — ticket 4411');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Start support session' }));
      await waitFor(() =>
        expect(enterSupportSession).toHaveBeenCalledWith(
          'https://portal.test/signin/impersonate?token=t0k3n',
        ),
      );
      expect(calls.find((call) => call.url.endsWith('/impersonate'))?.body).toEqual({
        reason: 'abc — ticket 4411',
      });
    },
  );

  // A long walk through the screen: more than the default time on a busy machine.
  it('repeats the impersonation after a step-up', { timeout: 15_000 }, async () => {
    let steppedUp = false;
    const calls = serveConsole({
      [`GET ${USER_URL}`]: () => ({ body: { data: userDetail() } }),
      'POST /api/master/step-up': () => {
        steppedUp = true;
        return { body: { data: { two_factor: true, stepped_up_until: '2026-11-26T19:10:00Z' } } };
      },
      [`POST ${USER_URL}/impersonate`]: () =>
        steppedUp ? { body: { data: { url: '/signin/impersonate?token=abc' } } } : STEP_UP_REFUSAL,
    });
    openConsole(`/master/users/${ids.dana}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Act as this user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Act as dana@northwind.test' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Ticket 4411');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start support session' }));
    await confirmStepUp();
    await waitFor(() =>
      expect(enterSupportSession).toHaveBeenCalledWith('/signin/impersonate?token=abc'),
    );
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `${USER_URL}/impersonate`,
      '/api/master/step-up',
      `${USER_URL}/impersonate`,
    ]);
  });

  it('resets 2FA after a confirmation that says the user is mailed', async () => {
    const calls = serveConsole({
      [`GET ${USER_URL}`]: () => ({
        body: { data: userDetail({ user: consoleUser({ two_factor: true, verified: false }) }) },
      }),
      [`POST ${USER_URL}/reset-2fa`]: () => ({
        body: { data: null, message: 'Two-factor authentication of dana@northwind.test is off.' },
      }),
      [`POST ${USER_URL}/verification`]: () => ({
        body: { data: null, message: 'Verification e-mail sent to dana@northwind.test.' },
      }),
    });
    openConsole(`/master/users/${ids.dana}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Reset 2FA' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Reset two-factor authentication of dana@northwind.test?',
    });
    expect(confirm).toHaveTextContent('We e-mail dana@northwind.test to tell them.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset 2FA' }));
    expect(
      await screen.findByText('Two-factor authentication of dana@northwind.test is off.'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Resend verification e-mail' }));
    expect(
      await screen.findByText('Verification e-mail sent to dana@northwind.test.'),
    ).toBeInTheDocument();
    expect(actionCalls(calls).filter((call) => call.startsWith('POST'))).toEqual([
      `POST ${USER_URL}/reset-2fa`,
      `POST ${USER_URL}/verification`,
    ]);
  });

  it('revokes a session after a confirmation, and reads the user again', async () => {
    let revoked = false;
    const calls = serveConsole({
      [`GET ${USER_URL}`]: () => ({
        body: { data: revoked ? userDetail({ sessions: [] }) : userDetail() },
      }),
      [`DELETE ${USER_URL}/sessions/s1`]: () => {
        revoked = true;
        return { body: { data: null, message: 'Session revoked.' } };
      },
    });
    openConsole(`/master/users/${ids.dana}`);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revoke the session in Northwind Media' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this session?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke session' }));
    expect(await screen.findByText('Session revoked.')).toBeInTheDocument();
    expect(await screen.findByText('Not signed in anywhere')).toBeVisible();
    expect(actionCalls(calls)).toContain(`DELETE ${USER_URL}/sessions/s1`);
  });
});
