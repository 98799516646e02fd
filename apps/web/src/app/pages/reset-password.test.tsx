import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { clearSession } from '@/lib/session-store';
import { json, stubApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await changeLocale('en');
});

const TOKEN = 'Qm9vdHN0cmFwLXJlc2V0LXRva2VuLWZvci10ZXN0cw';

function renderReset(query: string) {
  const sent = stubApi(() => json(200, { data: testSession(), message: 'Password reset' }));
  const router = renderRoute(`/resetpassword?${query}`);
  return { sent, router };
}

describe('/resetpassword', () => {
  it('names the user from the link instead of asking for their e-mail, and sends it', async () => {
    const { sent, router } = renderReset(
      `token=${TOKEN}&email=${encodeURIComponent('ana@example.com')}`,
    );
    expect(
      await screen.findByText('Resetting the password of ana@example.com'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Email/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-password-2!');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password and sign in' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          url: '/api/auth/password/reset',
          body: { jwt: TOKEN, email: 'ana@example.com', password: 'New-password-2!' },
        },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/resetpassword'));
  });

  it('says whose password it is in Spanish too', async () => {
    await changeLocale('es');
    renderReset(`token=${TOKEN}&email=${encodeURIComponent('ana@example.com')}`);
    expect(
      await screen.findByText('Restableciendo la contraseña de ana@example.com'),
    ).toBeInTheDocument();
  });

  it('asks for the e-mail on a link mailed before links named the user', async () => {
    const { sent } = renderReset(`token=${TOKEN}`);
    await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), 'ana@example.com');
    await userEvent.type(screen.getByLabelText(/^New password/), 'New-password-2!');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password and sign in' }));
    await waitFor(() =>
      expect(sent[0]?.body).toEqual({
        jwt: TOKEN,
        email: 'ana@example.com',
        password: 'New-password-2!',
      }),
    );
    expect(screen.queryByText(/Resetting the password of/)).not.toBeInTheDocument();
  });

  it('asks for the e-mail when the link carries something that is not one', async () => {
    renderReset(`token=${TOKEN}&email=not-an-address`);
    expect(await screen.findByRole('textbox', { name: /Email/ })).toHaveValue('');
    expect(screen.queryByText(/not-an-address/)).not.toBeInTheDocument();
  });
});
