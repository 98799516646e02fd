import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StoredSession } from '@partner-portal/shared/user';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { testSession } from '@/test/test-session';
import { Providers } from '../providers';
import { buildRoutes } from '../router';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

function renderPage(session: Partial<StoredSession>, answer: { status: number; body: unknown }) {
  const sent: { method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      // The frame's own session refresh (GET /api/auth) is not what these tests are about.
      if ((init.method ?? 'GET') !== 'GET') {
        sent.push({ method: String(init.method), body: JSON.parse(String(init.body ?? 'null')) });
      }
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  setSession(testSession(session));
  const router = createMemoryRouter(buildRoutes(), { initialEntries: ['/account/password'] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return sent;
}

describe('/account/password', () => {
  it('asks for the current password, saves with PUT and empties the form', async () => {
    const sent = renderPage(
      { has_password: true },
      { status: 200, body: { data: null, message: 'Password Saved' } },
    );
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'Old-pass-1!');
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-pass-2!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password Saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        body: { has_password: true, oldpassword: 'Old-pass-1!', newpassword: 'New-pass-2!' },
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveValue(''));
  });

  it('asks only for a new password when the user has none, and remembers they now have one', async () => {
    const sent = renderPage(
      { has_password: false },
      { status: 200, body: { data: null, message: 'Password Saved' } },
    );
    expect(await screen.findByRole('button', { name: 'Create password' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-pass-2!');
    await userEvent.click(screen.getByRole('button', { name: 'Create password' }));
    await waitFor(() => expect(getSession()?.has_password).toBe(true));
    expect(sent[0]?.body).toEqual({ has_password: false, newpassword: 'New-pass-2!' });
  });

  it('shows a wrong current password under its field', async () => {
    renderPage(
      { has_password: true },
      {
        status: 400,
        body: { message: 'The current password is not correct.', inputError: 'oldpassword' },
      },
    );
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'Wrong-pass-1!');
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-pass-2!');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a new password without a special character before sending it', async () => {
    const sent = renderPage({ has_password: true }, { status: 200, body: { data: null } });
    await userEvent.type(await screen.findByLabelText(/^Current password/), 'Old-pass-1!');
    await userEvent.type(screen.getByLabelText(/^New password/), 'abcdefgh12');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password must contain at least one special character'),
    ).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
