import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { clearSession, setSession } from '@/lib/session-store';
import { testSession } from '@/test/test-session';
import { Providers } from '../providers';
import { buildRoutes } from '../router';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const LIST = [
  { name: 'new_signin', active: true },
  { name: 'plan_updated', active: true },
  { name: 'card_updated', active: false },
  { name: 'invite_accepted', active: true },
  { name: 'report_digest', active: false },
];

function renderPage(onPatch: (body: Record<string, boolean>) => Response) {
  const patches: Record<string, boolean>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/notification' && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, boolean>;
        patches.push(body);
        return onPatch(body);
      }
      if (url === '/api/notification') {
        return new Response(JSON.stringify({ data: LIST }), { status: 200 });
      }
      return new Response(JSON.stringify({ data: null }), { status: 200 });
    }),
  );
  setSession(testSession());
  render(
    <Providers>
      <RouterProvider
        router={createMemoryRouter(buildRoutes(), { initialEntries: ['/account/notifications'] })}
      />
    </Providers>,
  );
  return patches;
}

describe('/account/notifications', () => {
  it('shows a switch per notification and saves only what changed', async () => {
    const patches = renderPage((body) => {
      const data = LIST.map((item) => ({ ...item, active: body[item.name] ?? item.active }));
      return new Response(JSON.stringify({ data }), { status: 200 });
    });
    const newSignin = await screen.findByRole('switch', { name: 'New sign-in' });
    expect(screen.getAllByRole('switch').map((item) => item.getAttribute('aria-checked'))).toEqual([
      'true',
      'true',
      'false',
      'true',
      'false',
    ]);
    expect(screen.getByRole('switch', { name: 'Report digest' })).toHaveAccessibleDescription(
      "A summary of your dashboard's figures by email, on the schedule you choose.",
    );
    expect(newSignin).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Payment card changes' })).not.toBeChecked();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await userEvent.click(newSignin);
    await userEvent.click(screen.getByRole('switch', { name: 'Payment card changes' }));
    await userEvent.click(save);
    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(patches).toEqual([{ new_signin: false, card_updated: true }]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.getByRole('switch', { name: 'New sign-in' })).not.toBeChecked();
  });

  it('sends nothing when a switch is turned back', async () => {
    renderPage(() => new Response('{}', { status: 500 }));
    const newSignin = await screen.findByRole('switch', { name: 'New sign-in' });
    await userEvent.click(newSignin);
    await userEvent.click(newSignin);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});
