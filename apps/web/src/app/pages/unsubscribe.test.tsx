import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setSession } from '@/lib/session-store';
import { json, stubApi } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('/unsubscribe (the report digest link)', () => {
  it.each([
    ['signed out', false],
    ['signed in', true],
  ])('unsubscribes only when asked, %s', async (_, signedIn) => {
    const sent = stubApi(() =>
      json(200, {
        data: { unsubscribed: true },
        message: 'You will not get report digests any more.',
      }),
    );
    if (signedIn) setSession(testSession());
    renderRoute('/unsubscribe?token=signed.token');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stop report digests?' }),
    ).toBeInTheDocument();
    // Opening the link does nothing by itself: mail scanners open every link.
    expect(sent).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're unsubscribed" }),
    ).toBeInTheDocument();
    expect(screen.getByText('You will not get report digests any more.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage notifications' })).toHaveAttribute(
      'href',
      '/account/notifications',
    );
    expect(sent).toEqual([
      { method: 'POST', url: '/api/digest/unsubscribe?token=signed.token', body: {} },
    ]);
    expect(document.title).toBe('Unsubscribe from report digests · Partner Portal');
  });

  it("shows the server's message for a link it refuses", async () => {
    stubApi(() =>
      json(400, { message: 'This unsubscribe link is not valid.', inputError: 'token' }),
    );
    renderRoute('/unsubscribe?token=forged');
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('explains a link without a token instead of offering the button', async () => {
    const sent = stubApi();
    renderRoute('/unsubscribe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link is missing its token.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
