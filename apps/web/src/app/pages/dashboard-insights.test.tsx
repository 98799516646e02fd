import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Insight, InsightsResponse } from '@partner-portal/shared/insights';
import type { ReportFocus } from '@partner-portal/shared/report-data';
import type { StoredSession } from '@partner-portal/shared/user';
import { dismissToast } from '@/components/ui/toast-store';
import { changeLocale } from '@/lib/i18n';
import { clearSession, setSession } from '@/lib/session-store';
import { stubRoutes, type RouteHandler } from '@/test/fake-api';
import { renderRoute } from '@/test/render-route';
import { testSession } from '@/test/test-session';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
  clearSession();
  changeLocale('en');
});

/** docs/insights.md: the Insights panel beside the core workbook, against a fake of our API. */
const INSIGHTS_URL = 'GET /api/insights?workbook_id=local-core-overview';

function insight(index: number, overrides: Partial<Insight> = {}): Insight {
  return {
    id: `insight-${index}`,
    type: 'mover',
    metric: 'clicks',
    segment: { advertiser: `Advertiser ${index}` },
    direction: 'down',
    good: false,
    value: 700,
    expected: 1000,
    delta: -0.3,
    z: -5,
    confidence: 'high',
    interval: null,
    period: { from: '2026-11-21', to: '2026-11-27' },
    sentence: `Sentence number ${index}.`,
    series: Array.from({ length: 28 }, (_, day) => ({
      date: `2026-10-${String(day + 1).padStart(2, '0')}`,
      value: 100 + day,
      low: day < 7 ? null : 90,
      high: day < 7 ? null : 130,
    })),
    contributors: [
      {
        segment: { advertiser: `Advertiser ${index}`, device: 'mobile', country: 'DE' },
        before: 600,
        after: 330,
        change: -270,
        share: 0.9,
      },
    ],
    ...overrides,
  };
}

function answer(insights: Insight[], patch: Partial<InsightsResponse> = {}) {
  const body: InsightsResponse = {
    status: 'ok',
    as_of: '2026-11-27',
    data_through: '2026-11-27',
    insights,
    narrative_enabled: false,
    narrative_available: false,
    can_configure: false,
    ...patch,
  };
  return { body: { data: body } };
}

function renderDashboard(
  insights: RouteHandler,
  session: Partial<StoredSession> = {},
  extra: Record<string, RouteHandler> = {},
  path = '/dashboard/core',
) {
  const sent = stubRoutes({
    'GET /api/sigma/workbook': () => ({
      body: {
        data: [{ name: 'Partner overview', workbookId: 'local-core-overview', kind: 'core' }],
      },
    }),
    // As the server does: what the URL opens on is what was asked for.
    'POST /api/sigma/workbook/embed': (body) => {
      const asked = body as Partial<ReportFocus>;
      return {
        body: {
          data: {
            url: 'http://localhost:3000/embed/workbook/local-core-overview?token=t',
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            applied: { filters: asked.filters ?? {}, range: asked.range ?? null },
          },
        },
      };
    },
    [INSIGHTS_URL]: insights,
    ...extra,
  });
  setSession(testSession({ plan: 'free_plus_ai', permission: 'admin', ...session }));
  const router = renderRoute(path);
  return { sent, router };
}

const panel = () => screen.findByRole('region', { name: /Insights/ });

/**
 * What the workbook posts: that it has loaded (retried until the frame takes it: a slow run may
 * re-render the frame between finding it and its listener attaching), then its drawn height,
 * after which the offer below follows once the height has stayed put for a second.
 */
async function settle() {
  const post = (data: unknown) =>
    act(() => {
      const frame = screen.getByTitle(/Partner overview|Resumen/i) as HTMLIFrameElement;
      window.dispatchEvent(
        new MessageEvent('message', {
          data,
          origin: 'http://localhost:3000',
          source: frame.contentWindow,
        }),
      );
    });
  await waitFor(() => {
    post({ type: 'workbook:loaded' });
    expect(screen.queryByRole('status', { name: /dashboard|panel/i })).not.toBeInTheDocument();
  });
  post({ type: 'workbook:pageheight:onchange', pageHeight: 1200 });
}

describe('the Insights panel', () => {
  it('shows the top three cards, then the rest of the top five on request', async () => {
    renderDashboard(() => answer(Array.from({ length: 7 }, (_, index) => insight(index + 1))));
    const region = await panel();
    expect(await within(region).findByText('Sentence number 1.')).toBeInTheDocument();
    expect(within(region).getByText('as of Nov 27')).toBeInTheDocument();
    expect(within(region).getAllByRole('listitem')).toHaveLength(3);
    expect(within(region).getAllByText('Weekly mover')).toHaveLength(3);
    expect(within(region).getAllByText('High confidence')).toHaveLength(3);
    const more = within(region).getByRole('button', { name: 'Show 2 more' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    // Five at most, however many the API ranked.
    expect(within(region).getAllByRole('listitem')).toHaveLength(5);
    expect(within(region).queryByText('Sentence number 6.')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Show fewer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('opens Why? with the segments behind the change, their figures and shares', async () => {
    renderDashboard(() => answer([insight(1)]));
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Why?' }));
    const drawer = await screen.findByRole('dialog', { name: 'Why this insight' });
    expect(within(drawer).getByText('The last 7 days against the 7 before.')).toBeInTheDocument();
    const row = within(drawer).getByRole('row', { name: /Advertiser 1/ });
    expect(row).toHaveTextContent('Advertiser 1 · Country: DE · Device: mobile');
    expect(row).toHaveTextContent('600');
    expect(row).toHaveTextContent('330');
    expect(row).toHaveTextContent('90%');
    expect(row).toHaveTextContent('-270 (-45%)');
  });

  it('opens an insight in the dashboard: its segment and period in the address and the workbook', async () => {
    const { sent, router } = renderDashboard(() => answer([insight(1)]));
    const mints = () => sent.filter((call) => call.url === '/api/sigma/workbook/embed');
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Why?' }));
    const drawer = await screen.findByRole('dialog', { name: 'Why this insight' });
    expect(
      within(drawer).getByText('The dashboard shows Advertiser 1 over this period.'),
    ).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Open in dashboard' }));

    const bar = await screen.findByRole('group', { name: 'Dashboard filters' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bar).toHaveTextContent('Filtered to Advertiser 1 · Nov 21, 2026 – Nov 27, 2026');
    await waitFor(() => expect(bar).toHaveFocus());
    expect(mints().at(-1)?.body).toMatchObject({
      filters: { advertiser: 'Advertiser 1' },
      range: { from: '2026-11-21', to: '2026-11-27' },
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      advertiser: 'Advertiser 1',
      from: '2026-11-21',
      to: '2026-11-27',
    });

    await userEvent.click(within(bar).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Dashboard filters' })).not.toBeInTheDocument(),
    );
    expect(mints().at(-1)?.body).toEqual({
      workbook_id: 'local-core-overview',
      theme: 'light',
      locale: 'en',
    });
    expect(router.state.location.search).toBe('');
  });

  it('opens one contributor of an insight, over a week ending on its day', async () => {
    const { sent } = renderDashboard(() =>
      answer([insight(1, { type: 'anomaly', period: { from: '2026-11-25', to: '2026-11-25' } })]),
    );
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: 'Why?' }));
    const drawer = await screen.findByRole('dialog', { name: 'Why this insight' });
    await userEvent.click(
      within(drawer).getByRole('button', {
        name: /^Advertiser 1 · Country: DE · Device: mobile ?\(open in dashboard\)$/,
      }),
    );
    const bar = await screen.findByRole('group', { name: 'Dashboard filters' });
    expect(bar).toHaveTextContent('Advertiser 1 · Country: DE · Device: mobile');
    expect(
      sent.filter((call) => call.url === '/api/sigma/workbook/embed').at(-1)?.body,
    ).toMatchObject({
      filters: { advertiser: 'Advertiser 1', country: 'DE', device: 'mobile' },
      range: { from: '2026-11-19', to: '2026-11-25' },
    });
  });

  it('opens a shared link on its filters without moving the reader, in Spanish too', async () => {
    changeLocale('es');
    renderDashboard(() => answer([]), {}, {}, '/dashboard/core?campaign=Spring&country=&from=x');
    const bar = await screen.findByRole('group', { name: 'Filtros del panel' });
    // The empty country and the half range are left out; the campaign holds.
    expect(bar).toHaveTextContent('Filtrado por Spring');
    expect(bar).not.toHaveTextContent('–');
    expect(bar).not.toHaveFocus();
  });

  it('sends 👍/👎, and a mute that takes the series off the panel', async () => {
    let muted = false;
    const { sent } = renderDashboard(
      () => answer(muted ? [insight(2)] : [insight(1), insight(2)]),
      {},
      {
        'POST /api/insights/insight-1/feedback': (body) => {
          if ((body as { mute_days?: number }).mute_days) muted = true;
          return { status: 204, body: null };
        },
      },
    );
    const region = await panel();
    const first = (await within(region).findByText('Sentence number 1.')).closest('li');
    if (!first) throw new Error('no card');
    const useful = within(first).getByRole('button', { name: 'Useful' });
    await userEvent.click(useful);
    await waitFor(() => expect(useful).toHaveAttribute('aria-pressed', 'true'));
    expect(within(first).getByRole('status')).toHaveTextContent('Thanks');
    await userEvent.click(
      within(first).getByRole('button', { name: 'Hide this series for 30 days' }),
    );
    await waitFor(() =>
      expect(within(region).queryByText('Sentence number 1.')).not.toBeInTheDocument(),
    );
    expect(within(region).getByText('Sentence number 2.')).toBeInTheDocument();
    expect(
      await screen.findByText('Hidden for 30 days. It comes back after that.'),
    ).toBeInTheDocument();
    expect(sent.filter((call) => call.method === 'POST' && call.url.includes('feedback'))).toEqual([
      { method: 'POST', url: '/api/insights/insight-1/feedback', body: { useful: true } },
      {
        method: 'POST',
        url: '/api/insights/insight-1/feedback',
        body: { useful: false, mute_days: 30 },
      },
    ]);
  });

  it('says "nothing unusual" with its date when only the month pace is left', async () => {
    renderDashboard(() =>
      answer([
        insight(1, {
          type: 'pace',
          z: null,
          good: true,
          direction: 'up',
          interval: { low: 900, high: 1100 },
          sentence: 'On pace for 1,000 clicks this month.',
          contributors: [],
        }),
      ]),
    );
    const region = await panel();
    expect(
      await within(region).findByText('Nothing unusual in the last 7 days (as of Nov 27).'),
    ).toBeInTheDocument();
    expect(within(region).getByText('On pace for 1,000 clicks this month.')).toBeInTheDocument();
  });

  it('says which day the insights run through when the as-of day has no data yet', async () => {
    renderDashboard(() =>
      answer([insight(1)], { as_of: '2026-11-28', data_through: '2026-11-27' }),
    );
    const region = await panel();
    expect(
      await within(region).findByText(
        'No data yet after Nov 27: these insights run through that day, not Nov 28.',
      ),
    ).toBeInTheDocument();
  });

  it('explains an account without data, or without four weeks of it', async () => {
    renderDashboard(() => answer([], { status: 'insufficient_history' }));
    expect(await within(await panel()).findByText(/four weeks of report data/)).toBeInTheDocument();
  });

  it('shows the teaser, not an error, when the server refuses a session that thought it had the plan', async () => {
    // The stored session still says Plus AI; the plan changed in another tab.
    const locked = () => ({ status: 402, body: { message: 'Plus AI', plan: 'free_plus_ai' } });
    const { router } = renderDashboard(locked, { plan: 'free_plus_ai' });
    const region = await panel();
    expect(await within(region).findByText('Insights come with Plus AI')).toBeInTheDocument();
    // A locked panel is not an error: the page stays where it is.
    expect(router.state.location.pathname).toBe('/dashboard/core');
    expect(within(region).getByRole('link', { name: 'Upgrade to Plus AI' })).toHaveAttribute(
      'href',
      '/account/upgrade?plan=free_plus_ai',
    );
  });

  it('holds the room of three cards while Plus AI waits, so the workbook below does not jump', async () => {
    // An answer that never comes: the placeholder is all there is to see.
    renderDashboard(() => new Promise<never>(() => undefined), { plan: 'free_plus_ai' });
    const placeholder = await screen.findByRole('status', { name: 'Looking for what changed…' });
    expect(placeholder.children).toHaveLength(3);
  });

  it.each([
    ['free_core', 'Plus', /campaigns, channels, geography and devices/],
    ['free_plus', 'Plus AI', /unusual days, level shifts/],
  ] as const)(
    'on %s asks nothing of the insights API and offers %s below the workbook',
    async (plan, next, pitch) => {
      const { sent } = renderDashboard(() => answer([insight(1)]), { plan });
      // The offer waits below until the workbook has its height and figures, so it never moves.
      await screen.findByTitle(/Partner overview/);
      expect(screen.queryByTestId('next-plan-offer')).not.toBeInTheDocument();
      await settle();
      const offer = await screen.findByRole(
        'region',
        { name: `More with ${next}` },
        { timeout: 5_000 },
      );
      expect(offer).toHaveTextContent(pitch);
      expect(within(offer).getByRole('link', { name: `Upgrade to ${next}` })).toHaveAttribute(
        'href',
        `/account/upgrade?plan=${plan === 'free_core' ? 'free_plus' : 'free_plus_ai'}`,
      );
      // Below the workbook where the two do not fit side by side: it never pushes it down.
      expect(
        screen.getByTitle(/Partner overview/).compareDocumentPosition(offer) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(offer.parentElement).toHaveClass('order-2');
      expect(screen.queryByRole('region', { name: /^Insights/ })).not.toBeInTheDocument();
      expect(sent.some((call) => call.url.startsWith('/api/insights'))).toBe(false);
    },
  );

  it('tells a member who may not pay to ask, in Spanish, and offers an advertiser user nothing', async () => {
    changeLocale('es');
    renderDashboard(() => answer([]), { plan: 'free_plus', permission: 'user', locale: 'es' });
    await screen.findByTitle(/Resumen|overview/i);
    await settle();
    const offer = await screen.findByRole(
      'region',
      { name: 'Más con Plus AI' },
      { timeout: 5_000 },
    );
    expect(within(offer).queryByRole('link')).not.toBeInTheDocument();
    expect(within(offer).getByText(/Pide a un administrador/)).toBeInTheDocument();
    cleanup();
    const { sent } = renderDashboard(() => answer([]), {
      plan: 'free_plus',
      permission: 'advertiser',
      locale: 'es',
    });
    await waitFor(() =>
      expect(sent.some((call) => call.url === '/api/sigma/workbook/embed')).toBe(true),
    );
    expect(screen.queryByTestId('next-plan-offer')).not.toBeInTheDocument();
    expect(sent.some((call) => call.url.startsWith('/api/insights'))).toBe(false);
  });

  it('shows the checked AI summary, and gives the owner the switch that allows it', async () => {
    let enabled = false;
    const { sent } = renderDashboard(
      () =>
        answer([insight(1)], {
          narrative_available: true,
          narrative_enabled: enabled,
          can_configure: true,
          ...(enabled ? { narrative: 'Advertiser 1 lost clicks this week.' } : {}),
        }),
      { permission: 'owner' },
      {
        'PATCH /api/insights/settings': (body) => {
          enabled = (body as { narrative: boolean }).narrative;
          return { body: { data: { narrative: enabled, available: true } } };
        },
      },
    );
    const region = await panel();
    const toggle = await within(region).findByRole('switch', { name: 'AI summary' });
    expect(toggle).toHaveAccessibleDescription(/never your report rows/);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(
      await within(region).findByText('Advertiser 1 lost clicks this week.'),
    ).toBeInTheDocument();
    expect(
      within(region).getByText('AI summary · checked against the numbers below'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('switch', { name: 'AI summary' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(sent.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', url: '/api/insights/settings', body: { narrative: true } },
    ]);
  });

  it('offers to load again when the insights fail', async () => {
    let calls = 0;
    renderDashboard(() => {
      calls += 1;
      return calls === 1 ? { status: 500, body: { message: 'Boom' } } : answer([insight(1)]);
    });
    const region = await panel();
    await userEvent.click(
      await within(region).findByRole('button', { name: 'Load the insights again' }),
    );
    expect(await within(region).findByText('Sentence number 1.')).toBeInTheDocument();
  });
});
