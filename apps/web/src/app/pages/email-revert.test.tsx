import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, getSession, setSession } from '@/lib/session-store';
import { json, stubApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('/email/revert ("this was not me")', () => {
  it('restores the old address only when asked, then signs this browser out', async () => {
    const sent = stubApi(() =>
      json(200, {
        data: { email: 'owner@example.test' },
        message: 'Your email is owner@example.test again and every session was signed out.',
      }),
    );
    setSession(testSession());
    renderRoute('/email/revert?token=abc123');
    const restore = await screen.findByRole('button', {
      name: 'Restore my email and sign out everywhere',
    });
    // Opening the link does nothing by itself: a mail scanner must not undo a change.
    expect(sent).toEqual([]);

    await userEvent.click(restore);
    expect(await screen.findByText('Your account is yours again')).toBeInTheDocument();
    expect(
      screen.getByText('Your email is owner@example.test again and every session was signed out.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
      'href',
      '/forgotpassword',
    );
    expect(sent).toEqual([
      { method: 'POST', url: '/api/user/email/revert', body: { token: 'abc123' } },
    ]);
    expect(getSession()).toBeNull();
  });

  it('says so when the link is used up or expired', async () => {
    stubApi(() =>
      json(400, { message: 'This link is invalid or has expired.', inputError: 'token' }),
    );
    renderRoute('/email/revert?token=used');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Restore my email and sign out everywhere' }),
    );
    expect(await screen.findByText('This link cannot be used')).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toBeInTheDocument();
  });

  it('explains a link without a token instead of offering the button', async () => {
    stubApi();
    renderRoute('/email/revert');
    expect(await screen.findByText('This link cannot be used')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
  });
});
