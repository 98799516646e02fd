import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_REPORT_FOCUS } from '@partner-portal/shared/report-data';
import { EmbedApp, readEmbedLocation, type EmbedLocation } from './embed-app';
import { presetOf, presetRange } from './date-range';
import { percentChange } from '@partner-portal/shared/report-format';
import { RangeFilter } from './range-filter';

// Chart.js needs a real canvas; charts are checked in the browser journeys.
vi.mock('react-chartjs-2', () => ({
  Line: () => <div data-testid="line-chart" />,
  Bar: () => <div data-testid="bar-chart" />,
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('readEmbedLocation', () => {
  it('reads the workbook, token, theme and language the host minted', () => {
    const where = readEmbedLocation({
      pathname: '/embed/workbook/local-plus-geography',
      search: '?token=abc&theme=dark&lng=es',
    } as Location);
    expect(where).toEqual({
      workbookId: 'local-plus-geography',
      token: 'abc',
      dark: true,
      locale: 'es',
      focus: { filters: {}, range: null },
    });
  });

  it('reads the filters and range of "open in dashboard", leaving out what does not pass', () => {
    const where = readEmbedLocation({
      pathname: '/embed/workbook/local-core-overview',
      search:
        '?token=abc&advertiser=Acme%20Shoes&device=mobile&country=&from=2026-11-01&to=2026-11-07',
    } as Location);
    expect(where.focus).toEqual({
      filters: { advertiser: 'Acme Shoes', device: 'mobile' },
      range: { from: '2026-11-01', to: '2026-11-07' },
    });
  });
});

describe('date ranges', () => {
  const today = new Date('2026-11-23T15:00:00Z');
  it.each([
    ['7d', '2026-11-17'],
    ['30d', '2026-10-25'],
    ['90d', '2026-08-26'],
    ['month', '2026-11-01'],
    ['year', '2026-01-01'],
  ] as const)('%s runs up to today', (preset, from) => {
    expect(presetRange(preset, today)).toEqual({ from, to: '2026-11-23' });
  });

  it('names the preset a range is, and calls any other range custom', () => {
    expect(presetOf({ from: '2026-10-25', to: '2026-11-23' }, today)).toBe('30d');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-23' }, today)).toBe('month');
    expect(presetOf({ from: '2026-11-10', to: '2026-11-16' }, today)).toBe('custom');
  });

  it('has no change to show without a previous period', () => {
    expect(percentChange(120, 100)).toBeCloseTo(0.2);
    expect(percentChange(5, 0)).toBeNull();
  });

  it('refuses a custom range that ends before it starts, naming the field', async () => {
    const onChange = vi.fn();
    render(
      <RangeFilter
        range={{ from: '2026-11-01', to: '2026-11-23' }}
        locale="en"
        onChange={onChange}
      />,
    );
    await userEvent.click(screen.getByLabelText('Date range'));
    await userEvent.click(await screen.findByRole('option', { name: 'Custom range' }));
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-10-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The end date must not be before the start date',
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalled();
  });
});

/** A fake of the embed API with one advertiser's figures; the URLs it was asked go in `calls`. */
/** `hold`: a promise the breakdown calls wait for, as a slow table's would. */
function stubWorkbookApi(calls: string[], hold?: Promise<void>): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (hold && url.startsWith('/api/embed/breakdown')) await hold;
      const reply = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });
      const totals = {
        impressions: 1000,
        clicks: 50,
        conversions: 5,
        revenue: 250.5,
        payout: 200,
      };
      if (url === '/api/embed/session') {
        return reply({
          session: 'a.b.c',
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          workbook: { workbookId: 'local-core-overview', name: 'Partner overview' },
          partner_name: 'Northwind Media',
          advertiser_name: null,
          data_range: { from: '2026-01-01', to: '2026-11-23' },
          can_import: false,
        });
      }
      if (url.startsWith('/api/embed/kpis')) {
        return reply({
          current: totals,
          previous: { ...totals, revenue: 200.4 },
          previous_range: { from: '2026-09-25', to: '2026-10-24' },
        });
      }
      if (url.startsWith('/api/embed/trend')) return reply([{ date: '2026-11-23', ...totals }]);
      return reply({
        rows: [{ key: 'Acme Shoes', ...totals }],
        total: 1,
        page: 1,
        page_size: 10,
      });
    }),
  );
}

/** Where the host pointed the frame: a fresh token for the core workbook, English, light. */
const opened = (
  focus: EmbedLocation['focus'] = NO_REPORT_FOCUS,
  token = 'fresh',
): EmbedLocation => ({
  workbookId: 'local-core-overview',
  token,
  dark: false,
  locale: 'en',
  focus,
});

describe('EmbedApp', () => {
  it('shows "Session expired" and tells the host when the URL was already used', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'expired', inputError: 'token' }), {
            status: 401,
          }),
      ),
    );
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    render(<EmbedApp where={opened(NO_REPORT_FOCUS, 'used')} />);
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith(
        { type: 'workbook:error', code: 'EINVAL', message: 'expired' },
        window.location.origin,
      ),
    );
  });

  it('opens the session, posts workbook:loaded and renders the workbook sections', async () => {
    const calls: string[] = [];
    stubWorkbookApi(calls);
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    render(<EmbedApp where={opened()} />);
    expect(await screen.findByRole('heading', { name: 'Partner overview' })).toBeInTheDocument();
    expect(await screen.findByTestId('kpi-revenue')).toHaveTextContent('$250.50');
    expect(screen.getByText('+25% vs previous period')).toBeInTheDocument();
    // Wider than a phone, the breakdown is a table (report-table.tsx).
    expect(await screen.findByRole('rowheader', { name: 'Acme Shoes' })).toBeInTheDocument();
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'workbook:loaded' },
      window.location.origin,
    );
    // Framed, the page never scrolls itself (a scrollbar coming and going reflowed its content).
    expect(document.documentElement.style.overflow).toBe('hidden');
    document.documentElement.style.overflow = '';
    // Every data call carries the embed session and no scope of its own.
    expect(calls.filter((url) => url.startsWith('/api/embed/kpis'))[0]).toMatch(
      /^\/api\/embed\/kpis\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/,
    );
  });

  it('posts workbook:loaded only once every section has its first data, and only once', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    stubWorkbookApi([], held);
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    const loaded = () =>
      parent.postMessage.mock.calls.filter(([message]) => message.type === 'workbook:loaded');
    render(<EmbedApp where={opened()} />);
    // The figures are in, the tables are not: the host must not place anything below yet.
    expect(await screen.findByTestId('kpi-revenue')).toHaveTextContent('$250.50');
    expect(loaded()).toHaveLength(0);
    release();
    expect(await screen.findByRole('rowheader', { name: 'Acme Shoes' })).toBeInTheDocument();
    await waitFor(() => expect(loaded()).toHaveLength(1));
    // A new range reloads every section; the workbook has long since said it loaded.
    await userEvent.click(screen.getByLabelText('Date range'));
    await userEvent.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    expect(await screen.findByTestId('range-label')).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Acme Shoes' })).toBeInTheDocument();
    expect(loaded()).toHaveLength(1);
  });

  it('opens on the focus it was given: its range, its filters on every call, and says so', async () => {
    const calls: string[] = [];
    stubWorkbookApi(calls);
    render(
      <EmbedApp
        where={opened({
          filters: { advertiser: 'Acme Shoes', device: 'mobile' },
          range: { from: '2026-11-01', to: '2026-11-07' },
        })}
      />,
    );
    expect(await screen.findByText('Acme Shoes · Device: mobile')).toBeInTheDocument();
    expect(screen.getByText(/Filtered to/)).toBeInTheDocument();
    // The opening range is not a preset: it shows as a custom range, ready to change.
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-07');
    await screen.findByTestId('kpi-revenue');
    await waitFor(() =>
      expect(calls.some((url) => url.startsWith('/api/embed/breakdown'))).toBe(true),
    );
    const data = calls.filter((url) => url !== '/api/embed/session');
    expect(data.length).toBeGreaterThan(2);
    for (const url of data) {
      const params = new URL(url, 'http://localhost').searchParams;
      expect([params.get('from'), params.get('to')], url).toEqual(['2026-11-01', '2026-11-07']);
      expect([params.get('advertiser'), params.get('device')], url).toEqual([
        'Acme Shoes',
        'mobile',
      ]);
    }
  });
});
