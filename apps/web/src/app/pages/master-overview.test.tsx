import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Overview } from '@partner-portal/shared/master';
import { dismissToast } from '@/components/ui/toast-store';
import { i18n } from '@/lib/i18n';
import { clearSession } from '@/lib/session-store';
import { actionCalls, choose, openConsole, serveConsole } from '@/test/master-test-kit';

// Chart.js needs a real canvas; the stand-ins show what the page handed to each chart.
vi.mock('react-chartjs-2', () => {
  const chart =
    (testId: string) =>
    (props: { 'aria-label'?: string; data: { labels?: unknown[]; datasets: unknown[] } }) => (
      <div
        data-testid={testId}
        role="img"
        aria-label={props['aria-label']}
        data-labels={JSON.stringify(props.data.labels ?? [])}
        data-datasets={JSON.stringify(props.data.datasets)}
      />
    );
  return { Line: chart('line-chart'), Bar: chart('bar-chart') };
});

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  clearSession();
});

const series = (first: number, last: number) => [
  { day: '2026-10-28', value: first },
  { day: '2026-11-26', value: last },
];

const OVERVIEW: Overview = {
  from: '2026-10-28',
  to: '2026-11-26',
  days: 30,
  signups: { value: 1_234, previous: 1_000 },
  verification_rate: { value: 0.82, previous: 0.8 },
  active_users: {
    daily: { value: 310, previous: 310 },
    weekly: { value: 900, previous: 1_000 },
    monthly: { value: 2_400, previous: null },
  },
  mrr: { value: 1_234_567, previous: 1_000_000, net_new: 234_567, currency: 'usd' },
  churn: { value: 0.03, previous: 0.02 },
  feedback: { score: 42, previous: 50, ratings: 17 },
  plan_mix: [
    { plan: 'free_pro', accounts: 30 },
    { plan: 'free_core', accounts: 60 },
    { plan: 'free_plus', accounts: 10 },
  ],
  series: {
    signups: series(30, 50),
    active_users: series(280, 310),
    mrr: series(1_000_000, 1_234_567),
  },
};

// Intl separates with narrow and no-break spaces; the tests read them as plain ones.
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const figure = (id: string) => screen.getByTestId(`figure-${id}`);
const trendOf = (id: string) => figure(id).querySelector('[data-trend]');

describe('/master (overview)', () => {
  it('shows each figure with its change against the period before, coloured by whether it is good news', async () => {
    const calls = serveConsole({
      'GET /api/master/overview': () => ({ body: { data: OVERVIEW } }),
    });
    openConsole('/master');
    expect(
      await screen.findByRole('heading', { name: 'Operator console', level: 1 }),
    ).toBeVisible();
    await screen.findByTestId('figure-signups');
    expect(figure('signups')).toHaveTextContent('Sign-ups1,234+23.4% vs previous period');
    expect(trendOf('signups')).toHaveAttribute('data-trend', 'good');
    expect(trendOf('signups')).toHaveClass('text-emerald-700');
    expect(figure('verification')).toHaveTextContent('82%+2 pts vs previous period');
    expect(figure('dau')).toHaveTextContent('310');
    expect(trendOf('dau')).toHaveAttribute('data-trend', 'flat');
    expect(figure('wau')).toHaveTextContent('900-10% vs previous period');
    expect(trendOf('wau')).toHaveAttribute('data-trend', 'bad');
    expect(figure('mau')).toHaveTextContent('2,400Nothing to compare with');
    expect(figure('mrr')).toHaveTextContent(
      'MRR$12,345.67+23.5% vs previous periodNet new MRR: +$2,345.67',
    );
    // Churn going up is bad news, in red.
    expect(figure('churn')).toHaveTextContent('3%+1 pts vs previous period');
    expect(trendOf('churn')).toHaveAttribute('data-trend', 'bad');
    expect(trendOf('churn')).toHaveClass('text-red-700');
    expect(figure('feedback')).toHaveTextContent('+42-8 vs previous period17 ratings');
    expect(plain(screen.getByTestId('overview-range').textContent)).toBe(
      'Oct 28, 2026 – Nov 26, 2026',
    );

    // The plan mix, the busiest plan first.
    const mix = screen.getByRole('list', { name: 'Plan mix' });
    expect(
      within(mix)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Core60 accounts (60%)', 'Pro30 accounts (30%)', 'Plus10 accounts (10%)']);

    // The trends arrive with their chart module.
    const charts = await screen.findAllByTestId('line-chart');
    expect(charts.map((chart) => plain(chart.getAttribute('aria-label')))).toEqual([
      'Sign-ups a day, Oct 28, 2026 to Nov 26, 2026: from 30 to 50',
      'Active users a day, Oct 28, 2026 to Nov 26, 2026: from 280 to 310',
      'MRR, Oct 28, 2026 to Nov 26, 2026: from $10,000.00 to $12,345.67',
    ]);
    expect(JSON.parse(charts[0]?.dataset.labels ?? '[]')).toEqual(['Oct 28', 'Nov 26']);
    expect(actionCalls(calls)).toEqual(['GET /api/master/overview?days=30']);
  });

  it('reads another period when one is chosen, and keeps it in the address', async () => {
    const calls = serveConsole({
      'GET /api/master/overview': ({ query }) => ({
        body: { data: { ...OVERVIEW, days: Number(query.get('days')) } },
      }),
    });
    const router = openConsole('/master');
    await screen.findByTestId('figure-signups');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Last 30 days');
    await choose('Period', 'Last 90 days');
    await waitFor(() => expect(actionCalls(calls).at(-1)).toBe('GET /api/master/overview?days=90'));
    await waitFor(() => expect(router.state.location.search).toBe('?days=90'));
    await choose('Period', 'Last 7 days');
    await waitFor(() => expect(actionCalls(calls).at(-1)).toBe('GET /api/master/overview?days=7'));
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    serveConsole({
      'GET /api/master/overview': () =>
        fail
          ? { status: 403, body: { message: 'Figures unavailable.' } }
          : { body: { data: OVERVIEW } },
    });
    openConsole('/master');
    expect(await screen.findByText('The figures could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('figure-signups')).toHaveTextContent('1,234');
  });

  it('speaks Spanish, money and percentages included', async () => {
    serveConsole({ 'GET /api/master/overview': () => ({ body: { data: OVERVIEW } }) });
    openConsole('/master');
    await screen.findByTestId('figure-signups');
    try {
      await act(() => i18n.changeLanguage('es'));
      expect(
        await screen.findByRole('heading', { name: 'Consola de operador', level: 1 }),
      ).toBeVisible();
      expect(figure('signups')).toHaveTextContent('Altas1.234+23,4 % frente al periodo anterior');
      expect(plain(figure('mrr').textContent)).toContain('12.345,67 US$');
      expect(figure('churn')).toHaveTextContent('Bajas');
      expect(figure('mau')).toHaveTextContent('Nada con lo que comparar');
      expect(screen.getByRole('combobox', { name: 'Periodo' })).toHaveTextContent(
        'Últimos 30 días',
      );
      const nav = screen.getByRole('navigation', { name: 'Consola de operador' });
      expect(within(nav).getByRole('link', { name: 'Cuentas' })).toHaveAttribute(
        'href',
        '/master/accounts',
      );
      expect(screen.getByRole('list', { name: 'Reparto por plan' })).toHaveTextContent(
        'Core60 cuentas (60 %)',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('the console gate', () => {
  it('asks an operator without 2FA to turn it on, and reads nothing else', async () => {
    const calls = serveConsole({
      'GET /api/master/session': () => ({
        body: { data: { two_factor: false, stepped_up_until: null } },
      }),
      'GET /api/master/overview': () => ({ body: { data: OVERVIEW } }),
    });
    openConsole('/master');
    const screenOf2fa = await screen.findByRole('region', {
      name: 'Turn on two-factor authentication to use the console',
    });
    expect(
      within(screenOf2fa).getByRole('link', { name: 'Set up two-factor authentication' }),
    ).toHaveAttribute('href', '/account/2fa');
    expect(screen.queryByTestId('figure-signups')).not.toBeInTheDocument();
    expect(actionCalls(calls)).toEqual([]);
  });

  it('closes when a call says 2FA was turned off meanwhile', async () => {
    let twoFactor = true;
    serveConsole({
      'GET /api/master/session': () => ({
        body: { data: { two_factor: twoFactor, stepped_up_until: null } },
      }),
      'GET /api/master/overview': () => {
        twoFactor = false;
        return {
          status: 403,
          body: { message: 'Turn on 2FA to use the console.', code: 'master_2fa_required' },
        };
      },
    });
    openConsole('/master');
    expect(
      await screen.findByRole('region', {
        name: 'Turn on two-factor authentication to use the console',
      }),
    ).toBeVisible();
  });

  it('sends anyone but a master away from every console page', async () => {
    const calls = serveConsole({});
    const router = openConsole('/master/users', { permission: 'owner' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(calls).toEqual([]);
  });

  it('loads Chart.js only with the console charts, which the screens import lazily', () => {
    const folder = join(import.meta.dirname, '../../features/master/components');
    const read = (file: string) => readFileSync(join(folder, file), 'utf8');
    const chartModules = ['trend-charts.tsx', 'events-chart.tsx'];
    for (const file of chartModules) expect(read(file)).toMatch(/from 'chart\.js'/);
    // Nothing else of the console imports them, or Chart.js, statically.
    const others = ['overview.tsx', 'events-list.tsx', 'chart-theme.ts'];
    for (const file of others) {
      expect(read(file)).not.toMatch(/from 'chart\.js'|from 'react-chartjs-2'/);
      expect(read(file)).not.toMatch(/from '\.\/(trend-charts|events-chart)'/);
    }
    expect(read('overview.tsx')).toContain("lazy(() => import('./trend-charts'))");
    expect(read('events-list.tsx')).toContain("lazy(() => import('./events-chart'))");
  });
});
