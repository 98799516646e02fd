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

  it('asks for the current password to change the e-mail, then shows the change as pending', async () => {
    const { sent, router } = renderProfile({}, ({ body }) => {
      const { email, password: _password, ...rest } = body as Record<string, unknown>;
      return patched(rest, { pending_email: String(email) });
    });
    const email = await screen.findByLabelText(/^Email/);
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    await userEvent.clear(email);
    await userEvent.type(email, 'New.Address@Example.test');
    // The proof appears only once the address differs, and is required.
    const password = await screen.findByLabelText(/^Current password/);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Please enter your current password')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(password, 'Secret-pass-1!');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Confirm your new email address')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/api/user',
        body: { email: 'new.address@example.test', password: 'Secret-pass-1!' },
      },
    ]);
    // The old address stays the user's until the new mailbox confirms; no detour to verify.
    expect(router.state.location.pathname).toBe('/account/profile');
    expect(getSession()).toMatchObject({
      email: 'owner@example.test',
      pending_email: 'new.address@example.test',
      verified: true,
    });
    expect(screen.getByLabelText(/^Email/)).toHaveValue('owner@example.test');
    expect(
      screen.getByText('Your new email is waiting to be confirmed').closest('[role="status"]'),
    ).toHaveTextContent('new.address@example.test');
  });

  it('shows a wrong current password under the password field', async () => {
    renderProfile({}, () => ({
      status: 400,
      body: { message: 'That is not your current password.', inputError: 'password' },
    }));
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.test');
    const password = await screen.findByLabelText(/^Current password/);
    await userEvent.type(password, 'Wrong-pass-1!');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('That is not your current password.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(getSession()?.pending_email).toBeUndefined();
  });

  it('asks a user without a password for the code mailed to the current address', async () => {
    const { sent } = renderProfile({ has_password: false }, ({ body }) =>
      (body as { code?: string }).code
        ? patched({}, { pending_email: 'new@example.test' })
        : {
            status: 400,
            body: {
              message:
                'We emailed a code to owner@example.test. Enter it here to change your email.',
              inputError: 'code',
            },
          },
    );
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.test');
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    const code = await screen.findByLabelText(/^Code from your email/);
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(/We emailed a code to owner@example.test/)).toBeInTheDocument();

    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Your new email is waiting to be confirmed'),
    ).toBeInTheDocument();
    expect(sent.map((call) => call.body)).toEqual([
      { email: 'new@example.test' },
      { email: 'new@example.test', code: '123456' },
    ]);
  });

  it("sends a pending change's link again, or withdraws the change", async () => {
    const { sent } = renderProfile({ pending_email: 'new@example.test' }, ({ url, body }) =>
      url === '/api/user'
        ? patched(body, { pending_email: null })
        : { status: 200, body: { data: null, message: 'We sent you a new verification link.' } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent you a new verification link.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep my current email' }));
    expect(await screen.findByText('Your email stays owner@example.test.')).toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'POST', url: '/api/user/verify/request', body: null },
      { method: 'PATCH', url: '/api/user', body: { email: 'owner@example.test' } },
    ]);
    expect(screen.queryByText('Your new email is waiting to be confirmed')).not.toBeInTheDocument();
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
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'Secret-pass-1!');
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
