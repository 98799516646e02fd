import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StoredSession } from '@partner-portal/shared/user';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { json, stubApi, type SentCall } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

type Answer = { status: number; body: unknown };

/** Renders /account/profile; `answer` replies to every call except the frame's GET /api/auth. */
function renderProfile(session: Partial<StoredSession>, answer: (sent: SentCall) => Answer) {
  const sent = stubApi((call) => {
    const { status, body } = answer(call);
    return json(status, body);
  });
  setSession(testSession(session));
  const router = renderRoute('/account/profile');
  return { sent, router };
}

/** The server's PATCH answer: the current user with the sent fields applied. */
function patched(body: unknown, extra: Partial<StoredSession> = {}): Answer {
  const { token: _token, ...user } = testSession({ ...(body as object), ...extra });
  return { status: 200, body: { data: user } };
}

describe('/account/profile form', () => {
  it('sends only the changed fields and merges the answer into the stored user', async () => {
    const { sent } = renderProfile({}, ({ body }) => patched(body));
    const firstName = await screen.findByLabelText(/^First name/);
    expect(firstName).toHaveValue('Olivia');
    expect(screen.getByLabelText(/^Last name/)).toHaveValue('Owner');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('owner@example.test');

    await userEvent.clear(firstName);
    await userEvent.type(firstName, '  Liv ');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', url: '/api/user', body: { first_name: 'Liv' } }]);
    expect(getSession()?.first_name).toBe('Liv');
    expect(getSession()?.last_name).toBe('Owner');
    expect(getSession()?.token).toBe(testSession().token);
  });

  it('sends nothing when nothing changed', async () => {
    const { sent } = renderProfile({}, ({ body }) => patched(body));
    await userEvent.click(await screen.findByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Nothing to save: your profile is unchanged'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('goes to /signup/verify when a new e-mail address leaves the user unverified', async () => {
    const { sent, router } = renderProfile({}, ({ body }) => patched(body, { verified: false }));
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'New.Address@Example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/verify'));
    expect(sent).toEqual([
      { method: 'PATCH', url: '/api/user', body: { email: 'new.address@example.test' } },
    ]);
    expect(getSession()?.verified).toBe(false);
    expect(getSession()?.email).toBe('new.address@example.test');
    expect(await screen.findByText('Confirm your new email address')).toBeInTheDocument();
  });

  it('refuses an empty name or a malformed e-mail before sending anything', async () => {
    const { sent } = renderProfile({}, ({ body }) => patched(body));
    await userEvent.clear(await screen.findByLabelText(/^First name/));
    const email = screen.getByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Please enter your first name')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows an address already in use under the e-mail field', async () => {
    renderProfile({}, () => ({
      status: 409,
      body: { message: 'This email address is already in use.', inputError: 'email' },
    }));
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('This email address is already in use.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(getSession()?.email).toBe('owner@example.test');
  });
});

describe('/account/profile danger zone', () => {
  const closed = (message: string) => () => ({ status: 200, body: { data: null, message } });

  it('lets the owner close the whole account after confirming with the password', async () => {
    const { sent, router } = renderProfile(
      { permission: 'owner' },
      closed('The account has been closed.'),
    );
    expect(await screen.findByText(/every member loses access at once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close account' }));

    const dialog = await screen.findByRole('dialog', { name: 'Close this account?' });
    // Nothing happens without the password.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close account' }));
    expect(await within(dialog).findByText('Please enter your password')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText(/^Your password/), 'Secret-pass-1!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(sent).toEqual([
      { method: 'DELETE', url: '/api/account', body: { password: 'Secret-pass-1!' } },
    ]);
    expect(getSession()).toBeNull();
    expect(await screen.findByText('The account has been closed.')).toBeInTheDocument();
  });

  it('lets any other user close only their own user', async () => {
    const { sent, router } = renderProfile(
      { permission: 'admin' },
      closed('Your user has been closed.'),
    );
    expect(await screen.findByText(/Closing your user removes only you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close account' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close my user' }));

    const dialog = await screen.findByRole('dialog', { name: 'Close your user?' });
    await userEvent.type(within(dialog).getByLabelText(/^Your password/), 'Secret-pass-1!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close my user' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(sent).toEqual([
      { method: 'DELETE', url: '/api/user', body: { password: 'Secret-pass-1!' } },
    ]);
    expect(getSession()).toBeNull();
  });

  it('shows a wrong password under the field and keeps the user signed in', async () => {
    const { router } = renderProfile({ permission: 'owner' }, () => ({
      status: 400,
      body: { message: 'The password is not correct.', inputError: 'password' },
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this account?' });
    const password = within(dialog).getByLabelText(/^Your password/);
    await userEvent.type(password, 'Wrong-pass-1!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close account' }));

    expect(await within(dialog).findByText('The password is not correct.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(getSession()).not.toBeNull();
    expect(router.state.location.pathname).toBe('/account/profile');
  });

  it('asks for the e-mail address instead when the user has no password', async () => {
    const { sent, router } = renderProfile(
      { permission: 'user', has_password: false },
      closed('Your user has been closed.'),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Close my user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close your user?' });
    expect(within(dialog).queryByLabelText(/^Your password/)).not.toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByLabelText(/^Your email address/),
      'Owner@Example.test',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close my user' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(sent).toEqual([
      { method: 'DELETE', url: '/api/user', body: { email: 'owner@example.test' } },
    ]);
  });
});
