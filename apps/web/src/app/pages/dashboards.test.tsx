import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StoredSession } from '@partner-portal/shared/user';
import { clearSession, setSession } from '@/lib/session-store';
import { testSession } from '@/test/test-session';
import { Providers } from '../providers';
import { buildRoutes } from '../router';

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const WORKBOOKS = [
  { name: 'Partner overview', workbookId: 'local-core-overview', kind: 'core' },
  { name: 'Advertiser performance', workbookId: 'local-plus-advertisers', kind: 'plus' },
  { name: 'Geography and devices', workbookId: 'local-plus-geography', kind: 'plus' },
];

function stubServer() {
  const posted: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/sigma/workbook') {
        return new Response(JSON.stringify({ data: WORKBOOKS }), { status: 200 });
      }
      // Asked only on plans with insights (its own tests are in dashboard-insights.test.tsx).
      if (url.startsWith('/api/insights?')) {
        return new Response(JSON.stringify({ message: 'Plus AI', plan: 'free_plus_ai' }), {
          status: 402,
        });
      }
      if (url === '/api/sigma/workbook/embed') {
        const body = JSON.parse(String(init.body)) as { workbook_id: string };
        posted.push(body);
        return new Response(
          JSON.stringify({
            data: {
              url: `http://localhost:3000/embed/workbook/${body.workbook_id}?token=t`,
              expires_at: new Date(Date.now() + 3_600_000).toISOString(),
              applied: { filters: {}, range: null },
            },
          }),
          { status: 200 },
        );
      }
      return new Response(JSON.stringify({ data: null }), { status: 200 });
    }),
  );
  return posted;
}

function renderAt(path: string, session: Partial<StoredSession>) {
  setSession(testSession(session));
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('/dashboard/core', () => {
  it('frames the core workbook with a freshly minted URL in the current theme and language', async () => {
    const posted = stubServer();
    renderAt('/dashboard/core', { plan: 'free_plus', permission: 'admin' });
    const frame = await screen.findByTitle('Partner overview');
    expect(frame).toHaveAttribute(
      'src',
      'http://localhost:3000/embed/workbook/local-core-overview?token=t',
    );
    expect(posted).toEqual([{ workbook_id: 'local-core-overview', theme: 'light', locale: 'en' }]);
    expect(screen.getByRole('status', { name: 'Loading the dashboard…' })).toBeInTheDocument();
  });

  it('keeps the embed markup off the dashboard, for every role', async () => {
    stubServer();
    renderAt('/dashboard/core', { plan: 'free_plus', permission: 'owner' });
    expect(await screen.findByTitle('Partner overview')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /embed markup/i })).not.toBeInTheDocument();
  });
});

describe('the workbook frame follows the events the workbook posts', () => {
  function post(frame: HTMLIFrameElement, data: unknown, origin = 'http://localhost:3000') {
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data, origin, source: frame.contentWindow }),
      );
    });
  }

  it('drops the skeleton when loaded, follows the page height, and offers a retry on error', async () => {
    const posted = stubServer();
    renderAt('/dashboard/core', { plan: 'free_plus', permission: 'admin' });
    const frame = (await screen.findByTitle('Partner overview')) as HTMLIFrameElement;
    // Another origin is ignored: still loading.
    post(frame, { type: 'workbook:loaded' }, 'https://evil.test');
    const skeleton = screen.getByRole('status', { name: 'Loading the dashboard…' });
    // The skeleton holds the frame's room from the start: nothing below moves when it loads.
    expect(skeleton.parentElement?.style.minHeight).toBe('720px');

    // Retried with the frame as rendered now: a slow run may re-render it (and its window)
    // between finding it and the listener attaching.
    const current = () => screen.getByTitle('Partner overview') as HTMLIFrameElement;
    await waitFor(() => {
      post(current(), { type: 'workbook:loaded' });
      expect(
        screen.queryByRole('status', { name: 'Loading the dashboard…' }),
      ).not.toBeInTheDocument();
    });
    post(current(), { type: 'workbook:pageheight:onchange', pageHeight: 1234.2 });
    expect(current().style.height).toBe('1235px');
    expect(current().parentElement?.style.minHeight).toBe('1235px');

    post(current(), { type: 'workbook:error', code: 'EINVAL', message: 'Session expired' });
    expect(await screen.findByText('The dashboard could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(await screen.findByTitle('Partner overview')).toBeInTheDocument();
  });
});

describe('/dashboard/plus', () => {
  it('offers a select when there are several Plus workbooks, the first by default', async () => {
    const posted = stubServer();
    renderAt('/dashboard/plus', { plan: 'free_plus', permission: 'user' });
    expect(await screen.findByTitle('Advertiser performance')).toBeInTheDocument();
    expect(screen.getByLabelText('Workbook')).toHaveTextContent('Advertiser performance');
    expect(posted).toEqual([
      { workbook_id: 'local-plus-advertisers', theme: 'light', locale: 'en' },
    ]);
  });

  it('sends a free_core user to the core dashboard, saying why in a note, not a warning', async () => {
    stubServer();
    const router = renderAt('/dashboard/plus', { plan: 'free_core', permission: 'owner' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/core'));
    expect(router.state.location.search).toBe('?upgrade=plus');
    const note = await screen.findByText('Plus dashboards need a Plus plan');
    expect(note.closest('[data-variant]')).toHaveAttribute('data-variant', 'info');
  });

  it('sends an advertiser without Plus to the core dashboard without the note', async () => {
    stubServer();
    const router = renderAt('/dashboard/plus', {
      plan: 'free_plus',
      permission: 'advertiser',
      enable_plus: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/core'));
    expect(router.state.location.search).toBe('');
  });
});

describe('/account/apikeys', () => {
  it('gives a developer the markup of the dashboard they choose, to copy', async () => {
    const posted = stubServer();
    renderAt('/account/apikeys', { plan: 'free_plus', permission: 'developer' });
    expect(await screen.findByRole('heading', { name: 'Embed a dashboard' })).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Create embed markup' }));
    expect(await screen.findByLabelText('Embed markup')).toHaveValue(
      '<iframe src="http://localhost:3000/embed/workbook/local-core-overview?token=t" title="Partner overview" width="100%" height="720" style="border:0" allow="fullscreen"></iframe>',
    );
    expect(posted).toEqual([{ workbook_id: 'local-core-overview', theme: 'light', locale: 'en' }]);
  });
});
