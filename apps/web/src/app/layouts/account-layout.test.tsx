import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, setSession } from '@/lib/session-store';
import { stubRoutes } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const NOTIFICATIONS = [
  { name: 'new_signin', active: true },
  { name: 'plan_updated', active: true },
];

/** Tailwind width caps (`max-w-lg`, `max-w-3xl`…) on `element` and its ancestors up to <main>. */
function widthCaps(element: Element): string[] {
  const caps: string[] = [];
  for (
    let node: Element | null = element;
    node && node.tagName !== 'MAIN';
    node = node.parentElement
  )
    for (const name of node.classList)
      if (/^max-w-(xs|sm|md|lg|xl|\d?xl|\[.+\])$/.test(name)) caps.push(name);
  return caps;
}

describe('account pages', () => {
  it.each([
    ['/account/profile', 'Profile'],
    ['/account/password', 'Password'],
    ['/account/2fa', 'Two-factor authentication'],
    ['/account/notifications', 'Notifications'],
  ])('%s sits in the one content column, with no width of its own', async (path, title) => {
    stubRoutes({ 'GET /api/notification': () => ({ body: { data: NOTIFICATIONS } }) });
    setSession(testSession());
    renderRoute(path);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    // Everything the page drew, once its content (a field, a switch, a button) is in.
    const page = heading.closest('.animate-page-in') as HTMLElement;
    const controls = await waitFor(() => {
      const found = [...page.querySelectorAll('input, button, textarea')];
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    for (const element of [heading, ...controls]) expect(widthCaps(element)).toEqual(['max-w-3xl']);
  });

  it('keeps the two groups of 2FA code boxes together in the wide column', async () => {
    stubRoutes({
      'PUT /api/user/2fa': () => ({
        body: {
          data: { '2fa_enabled': false, qr_code: 'data:image/png;base64,AA', secret: 'ABC' },
        },
      }),
    });
    setSession(testSession({ '2fa_enabled': false }));
    renderRoute('/account/2fa');
    await userEvent.click(await screen.findByRole('switch', { name: /Two-factor authentication/ }));
    const code = await screen.findByRole('group', { name: 'Authentication code' });
    expect(within(code).getAllByRole('textbox')).toHaveLength(6);
    // The boxes' grid has an `auto` track between the groups, which a wide grid stretches; every
    // code input packs its tracks to the start instead (jsdom has no layout to measure).
    expect(code).toHaveClass('justify-start');
    expect(screen.getByTestId('totp-code-entry')).toContainElement(code);
  });
});
