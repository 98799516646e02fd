import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '@/lib/i18n';
import { clearSession, getSession } from '@/lib/session-store';
import { json, stubApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  window.history.replaceState(null, '', '/');
  await changeLocale('en');
});

type Answer = { status?: number; body: unknown };

/** Our API at the fetch edge, answering each call by method and path; the calls it got. */
const stubServer = (routes: Record<string, Answer>) =>
  stubApi(({ method, url }) => {
    const answer = routes[`${method} ${url}`] ?? { body: { data: null } };
    return json(answer.status ?? 200, answer.body);
  });

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderRoute(path);
}

describe('/signin', () => {
  it('offers single sign-on', async () => {
    stubServer({});
    renderAt('/signin');
    expect(
      await screen.findByRole('link', { name: 'Sign in with single sign-on' }),
    ).toHaveAttribute('href', '/signin/sso');
  });
});

describe('/signin/sso', () => {
  it('asks for the work e-mail and sends the browser to the identity provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = stubServer({
      'POST /api/auth/sso': { body: { data: { url: 'https://acme.okta.com/authorize?x=1' } } },
    });
    renderAt('/signin/sso?redirect=%2Faccount%2Fusers');
    await userEvent.type(await screen.findByLabelText(/Work email/), 'ada@acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://acme.okta.com/authorize?x=1'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'ada@acme.example',
      redirect: '/account/users',
    });
  });

  it('shows the server’s answer under the field when the domain has no single sign-on', async () => {
    stubServer({
      'POST /api/auth/sso': {
        status: 404,
        body: { message: 'Not a single sign-on domain.', inputError: 'email' },
      },
    });
    renderAt('/signin/sso');
    await userEvent.type(await screen.findByLabelText(/Work email/), 'ada@nowhere.example');
    await userEvent.click(screen.getByRole('button', { name: 'Continue with single sign-on' }));
    expect(await screen.findByText('Not a single sign-on domain.')).toBeInTheDocument();
  });

  it('trades the callback’s token for a session', async () => {
    const session = testSession();
    const calls = stubServer({ 'POST /api/auth/sso/token': { body: { data: session } } });
    const router = renderAt(
      '/signin/sso?token=one-time-token-value-123456&redirect=%2Faccount%2Fprofile',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/profile'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      token: 'one-time-token-value-123456',
    });
    expect(getSession()?.id).toBe(session.id);
  });

  it('words why the identity provider step failed, in Spanish too, and offers the form again', async () => {
    const calls = stubServer({});
    renderAt('/signin/sso?error=not_allowed');
    expect(await screen.findByText(/outside your company's verified domains/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Continue with single sign-on' }),
    ).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await changeLocale('es');
    renderAt('/signin/sso?error=%3Cscript%3E');
    expect(
      await screen.findByText(/No pudimos confirmar tu identidad con el proveedor de identidad/),
    ).toBeInTheDocument();
  });
});
