import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alert, AlertCreateInput } from '@partner-portal/shared/alerts';
import type { ReportFocus } from '@partner-portal/shared/report-data';
import type { StoredSession } from '@partner-portal/shared/user';
import { dismissToast } from '@/components/ui/toast-store';
import { clearSession, setSession } from '@/lib/session-store';
import { stubRoutes, type RouteHandler } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  clearSession();
});

/** The dashboards' bell: a new alert on what the page's address narrows the workbook to. */
const WORKBOOKS = [
  { name: 'Partner overview', workbookId: 'local-core-overview', kind: 'core' },
  { name: 'Advertiser performance', workbookId: 'local-plus-advertisers', kind: 'plus' },
];

function saved(input: AlertCreateInput): Alert {
  return {
    id: '7c1e0f2a-0000-4000-8000-0000000000b1',
    name: input.name,
    metric: input.metric,
    filters: input.filters ?? {},
    condition: input.condition,
    channels: [...input.channels],
    state: 'ok',
    snoozed_until: null,
    last_value: null,
    last_day: null,
    last_triggered_at: null,
    created_at: '2026-11-28T09:00:00.000Z',
  };
}

function renderDashboard(
  path: string,
  session: Partial<StoredSession> = { permission: 'user', plan: 'free_plus' },
  routes: Record<string, RouteHandler> = {},
) {
  const sent = stubRoutes({
    'GET /api/sigma/workbook': () => ({ body: { data: WORKBOOKS } }),
    'POST /api/sigma/workbook/embed': (body) => {
      const asked = body as { workbook_id: string } & Partial<ReportFocus>;
      return {
        body: {
          data: {
            url: `http://localhost:3000/embed/workbook/${asked.workbook_id}?token=t`,
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            applied: { filters: asked.filters ?? {}, range: asked.range ?? null },
          },
        },
      };
    },
    'GET /api/alerts': () => ({ body: { data: { alerts: [], max: 25, anomaly: false } } }),
    'POST /api/alerts': (body) => ({
      status: 201,
      body: { data: saved(body as AlertCreateInput), message: 'Alert created.' },
    }),
    ...routes,
  });
  setSession(testSession(session));
  const router = renderRoute(path);
  return {
    router,
    alertCalls: () => sent.filter((call) => call.url.startsWith('/api/alerts')),
  };
}

const bell = () => screen.findByRole('button', { name: 'Set an alert' });

describe('the dashboard bell', () => {
  it('opens the new-alert form with the filters in the address, and saves them', async () => {
    const { router, alertCalls } = renderDashboard(
      '/dashboard/core?advertiser=Acme%20Shoes&country=DE&from=2026-11-01&to=2026-11-27',
    );
    await screen.findByTitle('Partner overview');
    // Nothing about alerts is asked for until the bell is pressed.
    expect(alertCalls()).toEqual([]);
    const button = await bell();
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'New alert' });
    expect(dialog).toHaveAccessibleDescription(
      "Starts from this dashboard's filters: Acme Shoes · Country: DE.",
    );
    // The form follows once the member's alerts are in (whether anomalies are theirs, the limit).
    const filters = await within(dialog).findByRole('group', { name: 'Only for (optional)' });
    expect(
      within(filters)
        .getAllByRole('textbox')
        .map((box) => [box.id, (box as HTMLInputElement).value]),
    ).toEqual([
      ['field-filter_advertiser', 'Acme Shoes'],
      ['field-filter_campaign', ''],
      ['field-filter_channel', ''],
      ['field-filter_country', 'DE'],
      ['field-filter_device', ''],
    ]);
    expect(alertCalls()).toEqual([{ method: 'GET', url: '/api/alerts', body: null }]);

    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Acme in Germany');
    await userEvent.type(within(dialog).getByLabelText(/^Value/), '250');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));

    expect(await screen.findByText('Alert created.')).toBeInTheDocument();
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(alertCalls().filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/alerts',
        body: {
          name: 'Acme in Germany',
          metric: 'revenue',
          filters: { advertiser: 'Acme Shoes', country: 'DE' },
          condition: { type: 'threshold', op: '<', value: 250 },
          channels: ['email'],
        },
      },
    ]);
    await waitFor(() => expect(button).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'See your alerts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/alerts'));
  });

  it('sits on the Plus dashboard too, and watches everything when nothing is filtered', async () => {
    renderDashboard('/dashboard/plus');
    await screen.findByTitle('Advertiser performance');
    await userEvent.click(await bell());
    const dialog = await screen.findByRole('dialog', { name: 'New alert' });
    expect(dialog).toHaveAccessibleDescription(
      'Watches everything you can see; add filters to narrow it.',
    );
    expect(await within(dialog).findByLabelText('Advertiser')).toHaveValue('');
    // This member's plan has no anomaly condition: offered, refused, and said why.
    expect(
      within(dialog).getByRole('combobox', { name: /^Condition/ }),
    ).toHaveAccessibleDescription('“Does something unusual” comes with the Plus AI plan.');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Set an alert' })).toHaveFocus();
  });

  it('opens afresh on the filters of the moment', async () => {
    const { router } = renderDashboard('/dashboard/core?campaign=Spring%20sale');
    await userEvent.click(await bell());
    let dialog = await screen.findByRole('dialog', { name: 'New alert' });
    expect(await within(dialog).findByLabelText('Campaign')).toHaveValue('Spring sale');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await router.navigate('/dashboard/core?device=mobile');
    await userEvent.click(await bell());
    dialog = await screen.findByRole('dialog', { name: 'New alert' });
    expect(await within(dialog).findByLabelText('Device')).toHaveValue('mobile');
    expect(within(dialog).getByLabelText('Campaign')).toHaveValue('');
  });

  it('says so, and leads to the list, when the member already has their most alerts', async () => {
    const full: Alert = saved({
      name: 'Old one',
      metric: 'clicks',
      condition: { type: 'anomaly' },
      channels: ['email'],
    });
    const { router } = renderDashboard('/dashboard/core', undefined, {
      'GET /api/alerts': () => ({ body: { data: { alerts: [full], max: 1, anomaly: true } } }),
    });
    await userEvent.click(await bell());
    const dialog = await screen.findByRole('dialog', { name: 'New alert' });
    expect(await within(dialog).findByText('You already have 1 alert')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Create alert' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('link', { name: 'See your alerts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/alerts'));
  });

  it('is not there for a plan without alerts, which asks nothing about them', async () => {
    const { alertCalls } = renderDashboard('/dashboard/core?advertiser=Acme%20Shoes', {
      permission: 'owner',
      plan: 'free_core',
    });
    await screen.findByTitle('Partner overview');
    expect(screen.queryByRole('button', { name: 'Set an alert' })).not.toBeInTheDocument();
    expect(alertCalls()).toEqual([]);
  });
});
