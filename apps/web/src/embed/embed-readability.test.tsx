import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Locale } from '@partner-portal/shared/constants';
import {
  NO_REPORT_FOCUS,
  type EmbedSessionResponse,
  type MetricTotals,
  type ReportDimension,
} from '@partner-portal/shared/report-data';
import { i18n } from '@/lib/i18n';
import { mockScreen } from '@/test/screen-width';
import { EmbedApi } from './embed-api';
import { EmbedApp } from './embed-app';
import { formatDateRange, formatDay } from './date-format';
import { dimensionValueLabel } from './display-names';
import { NoReportData } from './empty-state';
import { formatCount, formatMoney } from '@partner-portal/shared/report-format';
import { kpiGridLayout } from './kpi-grid';
import { KpiTiles } from './kpi-tiles';
import { RangeFilter } from './range-filter';
import { ReportTable } from './report-table';

// Chart.js needs a real canvas; the stand-ins show what the page handed to the chart.
vi.mock('react-chartjs-2', () => {
  const chart =
    (testId: string) => (props: { 'aria-label'?: string; data: { labels?: unknown[] } }) => (
      <div
        data-testid={testId}
        role="img"
        aria-label={props['aria-label']}
        data-labels={JSON.stringify(props.data.labels ?? [])}
      />
    );
  return { Line: chart('line-chart'), Bar: chart('bar-chart') };
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Intl separates with narrow and no-break spaces; the tests read them as plain ones.
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

const ZERO: MetricTotals = { impressions: 0, clicks: 0, conversions: 0, revenue: 0, payout: 0 };
const TOTALS: MetricTotals = {
  impressions: 16270,
  clicks: 7885,
  conversions: 120,
  revenue: 7885.5,
  payout: 16270,
};

function session(dataRange: EmbedSessionResponse['data_range']): EmbedSessionResponse {
  return {
    session: 'a.b.c',
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    workbook: { workbookId: 'local-core-overview', name: 'Partner overview' },
    partner_name: 'Northwind Media',
    advertiser_name: null,
    data_range: dataRange,
    can_import: true,
  };
}

/** The embed API with fixed answers; returns the URLs asked for. */
function stubApi(answers: {
  session?: EmbedSessionResponse;
  trend?: Array<MetricTotals & { date: string }>;
  rows?: Array<MetricTotals & { key: string }>;
}): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const reply = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200 });
      if (url === '/api/embed/session') return reply(answers.session);
      if (url.startsWith('/api/embed/kpis')) {
        return reply({
          current: TOTALS,
          previous: TOTALS,
          previous_range: { from: '2026-09-25', to: '2026-10-24' },
        });
      }
      if (url.startsWith('/api/embed/trend')) return reply(answers.trend ?? []);
      // Sorted as the server sorts them (a stable sort: equal rows keep their order).
      const query = new URLSearchParams(url.split('?')[1]);
      const sort = (query.get('sort') ?? 'revenue') as keyof MetricTotals | 'key';
      const sign = query.get('dir') === 'asc' ? 1 : -1;
      const rows = [...(answers.rows ?? [])].sort((a, b) =>
        sort === 'key' ? sign * a.key.localeCompare(b.key) : sign * (a[sort] - b[sort]),
      );
      return reply({ rows, total: rows.length, page: 1, page_size: 10 });
    }),
  );
  vi.spyOn(window, 'parent', 'get').mockReturnValue({
    postMessage: vi.fn(),
  } as unknown as Window);
  return calls;
}

function renderApp(workbookId = 'local-core-overview') {
  return render(
    <EmbedApp
      where={{ workbookId, token: 'fresh', dark: false, locale: 'en', focus: NO_REPORT_FOCUS }}
    />,
  );
}

describe('an account without report data', () => {
  it('draws no chart, table or tile, and says what the dashboard will show', async () => {
    const calls = stubApi({ session: session(null) });
    const { container } = renderApp();
    expect(await screen.findByRole('heading', { name: 'No report data yet' })).toBeInTheDocument();
    expect(screen.getByText(/top advertisers and campaigns/)).toBeInTheDocument();
    expect(container.querySelector('canvas, table, [data-testid$="-chart"]')).toBeNull();
    expect(screen.queryByTestId('kpi-grid')).toBeNull();
    // Nothing to filter either, and no data call is made.
    expect(screen.queryByLabelText('Date range')).toBeNull();
    expect(calls).toEqual(['/api/embed/session']);
    // The session says this viewer may load data: the link to the import screen is there.
    expect(screen.getByRole('link', { name: 'Import data' })).toHaveAttribute('target', '_top');
  });

  it('gives owners and admins a link to the import screen, opened in the app window', () => {
    render(<NoReportData workbookId="local-plus-geography" canImport />);
    const link = screen.getByRole('link', { name: 'Import data' });
    expect(link).toHaveAttribute('href', '/account/data');
    expect(link).toHaveAttribute('target', '_top');
    expect(screen.getByText(/revenue by country and by device/)).toBeInTheDocument();
  });

  it('asks other members to turn to an owner or admin', () => {
    render(<NoReportData workbookId="local-core-overview" canImport={false} />);
    expect(screen.getByText('Ask an account owner or admin to import data.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('draws no chart or table for a range without rows', async () => {
    stubApi({
      session: session({ from: '2026-01-01', to: '2026-02-01' }),
      trend: [{ date: '2026-11-23', ...ZERO }],
      rows: [],
    });
    const { container } = renderApp();
    expect(await screen.findAllByText('No data in this range.')).toHaveLength(2);
    expect(await screen.findByText('No rows in this range.')).toBeInTheDocument();
    expect(container.querySelector('table, [data-testid$="-chart"]')).toBeNull();
  });
});

describe('inside the host frame', () => {
  it('brings no <main> landmark and no <h1>: the host page has them', async () => {
    stubApi({ session: session({ from: '2026-01-01', to: '2026-11-23' }), rows: [] });
    const { container } = renderApp();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Partner overview' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Daily revenue and conversions' }),
    ).toBeInTheDocument();
    expect(container.querySelector('main, h1, [role="main"]')).toBeNull();
    expect(screen.getByRole('region', { name: 'Partner overview' })).toBeInTheDocument();
  });

  it('shows no <main> on the expired page either', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'expired' }), { status: 401 })),
    );
    vi.spyOn(window, 'parent', 'get').mockReturnValue({
      postMessage: vi.fn(),
    } as unknown as Window);
    const { container } = renderApp();
    expect(await screen.findByText('Session expired')).toBeInTheDocument();
    expect(container.querySelector('main, h1')).toBeNull();
  });
});

describe('dates in the page language', () => {
  const range = { from: '2026-10-25', to: '2026-11-23' };

  it.each([
    ['en', 'Oct 25 – Nov 23, 2026'],
    ['es', '25 oct – 23 nov 2026'],
  ] as const)('labels the range in %s', (locale, label) => {
    // The last 30 days as of Nov 23: the filter shows a preset's range as a label.
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), toFake: ['Date'] });
    render(<RangeFilter range={range} locale={locale} onChange={vi.fn()} />);
    vi.useRealTimers();
    expect(plain(screen.getByTestId('range-label').textContent)).toBe(label);
    expect(plain(formatDateRange(locale, range))).toBe(label);
  });

  it('keeps the year once for a range within a month, and days on the chart axis', () => {
    expect(plain(formatDateRange('en', { from: '2026-11-01', to: '2026-11-23' }))).toBe(
      'Nov 1 – 23, 2026',
    );
    expect(formatDay('en', '2026-11-23')).toBe('Nov 23');
    expect(formatDay('es', '2026-11-23')).toBe('23 nov');
  });

  it('labels the trend axis by day, not by ISO date', async () => {
    stubApi({
      session: session({ from: '2026-01-01', to: '2026-11-23' }),
      trend: [
        { date: '2026-11-22', ...TOTALS },
        { date: '2026-11-23', ...TOTALS },
      ],
    });
    renderApp();
    const chart = await screen.findByTestId('line-chart');
    expect(JSON.parse(chart.dataset.labels ?? '[]')).toEqual(['Nov 22', 'Nov 23']);
  });
});

describe('numbers', () => {
  it('groups four- and five-digit figures alike in Spanish', () => {
    // What Intl does by default, which put "7885" beside "16.270".
    expect(new Intl.NumberFormat('es').format(7885)).toBe('7885');
    expect(formatCount('es', 7885)).toBe('7.885');
    expect(formatCount('es', 16270)).toBe('16.270');
    expect(plain(formatMoney('es', 7885.5))).toBe('7.885,50 US$');
    expect(formatCount('en', 7885)).toBe('7,885');
    expect(formatMoney('en', 16270)).toBe('$16,270.00');
  });

  it('groups every cell of a Spanish table', async () => {
    stubApi({ rows: [{ key: 'Acme', ...TOTALS }] });
    render(
      <ReportTable
        api={new EmbedApi('a.b.c')}
        dimension="advertiser"
        range={{ from: '2026-10-25', to: '2026-11-23' }}
        locale="es"
        onError={vi.fn()}
      />,
    );
    const row = (await screen.findByRole('rowheader', { name: /Acme/ })).closest('tr');
    if (!row) throw new Error('no row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => plain(cell.textContent));
    expect(cells).toEqual(['16.270', '7.885', '120', '7.885,50 US$', '16.270,00 US$']);
  });
});

describe('breakdown names', () => {
  it.each([
    ['en', 'GB', 'United Kingdom'],
    ['es', 'GB', 'Reino Unido'],
    ['es', 'de', 'Alemania'],
    ['en', 'XX', 'XX'],
    ['en', 'unknown', 'unknown'],
  ] as const)('country %s %s reads %s', (locale, code, name) => {
    expect(dimensionValueLabel(locale, 'country', code)).toBe(name);
  });

  it.each([
    ['en', 'channel', 'search', 'Search'],
    ['es', 'channel', 'search', 'Búsqueda'],
    ['es', 'channel', 'Email', 'Correo electrónico'],
    ['en', 'device', 'mobile', 'Mobile'],
    ['es', 'device', 'desktop', 'Ordenador'],
    ['es', 'device', 'tablet', 'Tableta'],
    ['en', 'channel', 'connected_tv', 'Connected tv'],
    ['es', 'device', 'smart-watch', 'Smart watch'],
    ['en', 'device', '', '(not set)'],
    ['en', 'advertiser', 'acme shoes', 'acme shoes'],
  ] as const)('%s %s %s reads %s', (locale, dimension, value, label) => {
    expect(dimensionValueLabel(locale, dimension, value)).toBe(label);
  });

  it('names countries in the table and the chart', async () => {
    stubApi({
      session: { ...session({ from: '2026-01-01', to: '2026-11-23' }) },
      rows: [
        { key: 'ES', ...TOTALS },
        { key: 'MX', ...TOTALS },
      ],
    });
    render(
      <EmbedApp
        where={{
          workbookId: 'local-plus-geography',
          token: 'fresh',
          dark: false,
          focus: NO_REPORT_FOCUS,
          locale: 'es',
        }}
      />,
    );
    expect(await screen.findByRole('rowheader', { name: /^España/ })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /^México/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('bar-chart')).toHaveLength(2));
    const [countries, devices] = screen.getAllByTestId('bar-chart');
    expect(JSON.parse(countries?.dataset.labels ?? '[]')).toEqual(['España', 'México']);
    expect(countries).toHaveAccessibleName(/España 7\.885,50\sUS\$/);
    // The device chart of the same answer: unknown device values still read as names.
    expect(JSON.parse(devices?.dataset.labels ?? '[]')).toEqual(['ES', 'MX']);
  });
});

describe('KPI grid', () => {
  it.each([
    [3, 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-3', 'col-span-2 sm:col-span-1'],
    [4, 'grid-cols-2 sm:grid-cols-2 lg:grid-cols-4', ''],
    [5, 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-5', 'col-span-2 lg:col-span-1'],
  ])('lays out %i tiles without a hole', (count, grid, last) => {
    expect(kpiGridLayout(count)).toEqual({ grid, last });
  });

  it('fills every row at every width, whatever the number of tiles', () => {
    const breakpoints = ['', 'sm:', 'lg:'];
    for (let count = 1; count <= 12; count += 1) {
      const layout = kpiGridLayout(count);
      let span = 1;
      for (const prefix of breakpoints) {
        const columns = Number(
          new RegExp(`(?:^| )${prefix}grid-cols-(\\d)`).exec(layout.grid)?.[1],
        );
        span = Number(new RegExp(`(?:^| )${prefix}col-span-(\\d)`).exec(layout.last)?.[1] ?? span);
        expect((count - 1 + span) % columns, `${count} tiles at "${prefix}"`).toBe(0);
      }
    }
  });

  it('gives the tiles the grid and the last tile its span', () => {
    render(<KpiTiles kpis={null} locale="en" />);
    const grid = screen.getByTestId('kpi-grid');
    expect(grid).toHaveClass('grid-cols-2', 'sm:grid-cols-3', 'lg:grid-cols-5');
    expect(grid.lastElementChild).toHaveClass('col-span-2', 'lg:col-span-1');
    expect(grid.firstElementChild).not.toHaveClass('col-span-2');
  });
});

function renderTable(locale: Locale = 'en', dimension: ReportDimension = 'advertiser') {
  return render(
    <ReportTable
      api={new EmbedApi('a.b.c')}
      dimension={dimension}
      range={{ from: '2026-10-25', to: '2026-11-23' }}
      locale={locale}
      onError={vi.fn()}
    />,
  );
}

/** A description list's pairs, as [label, value]. */
function pairs(list: HTMLElement): string[][] {
  return [...list.querySelectorAll('dt')].map((term) => [
    plain(term.textContent),
    plain(term.nextElementSibling?.textContent),
  ]);
}

describe('tables on a phone', () => {
  const language = i18n.language;
  afterEach(async () => {
    await i18n.changeLanguage(language);
  });

  it('shows the table from 640 px and a card per row below, one of them at a time', async () => {
    stubApi({ rows: [{ key: 'Acme', ...TOTALS }] });
    const screenWidth = mockScreen({ phone: false });
    renderTable();
    const table = (await screen.findByRole('rowheader', { name: 'Acme' })).closest('table');
    // Every column stays in the table: it is never shown at phone widths.
    expect(
      within(table as HTMLTableElement)
        .getAllByRole('columnheader')
        .map((column) => column.textContent),
    ).toEqual(['Advertisers', 'Impressions', 'Clicks', 'Conversions', 'Revenue', 'Payout']);
    expect(screen.queryByRole('list', { name: 'Advertisers' })).not.toBeInTheDocument();

    screenWidth.resize({ phone: true });
    const list = screen.getByRole('list', { name: 'Advertisers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('gives each card its name, revenue and payout as in the table, then the other figures', async () => {
    await i18n.changeLanguage('es');
    stubApi({
      rows: [
        { key: 'MX', ...TOTALS, revenue: 20221.82, payout: 1234567.8 },
        { key: 'ES', ...TOTALS },
      ],
    });
    const screenWidth = mockScreen({ phone: false });
    renderTable('es', 'country');
    // The table's cells, to hold the cards to.
    const row = (await screen.findByRole('rowheader', { name: 'México' })).closest(
      'tr',
    ) as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => plain(cell.textContent));
    screenWidth.resize({ phone: true });
    const list = await screen.findByRole('list', { name: 'Países' });
    // By the cards' names: while the rows load, the list holds placeholder items.
    const names = await within(list).findAllByRole('heading', { level: 4 });
    expect(names.map((name) => name.textContent)).toEqual(['México', 'España']);
    const [mexico, spain] = names.map((name) => name.closest('li') as HTMLElement) as [
      HTMLElement,
      HTMLElement,
    ];
    expect(pairs(within(mexico).getByTestId('priority-figures'))).toEqual([
      ['Ingresos', '20.221,82 US$'],
      ['Pagos', '1.234.567,80 US$'],
    ]);
    expect(pairs(within(spain).getByTestId('priority-figures'))).toEqual([
      ['Ingresos', '7.885,50 US$'],
      ['Pagos', '16.270,00 US$'],
    ]);
    expect(pairs(within(spain).getByTestId('secondary-figures'))).toEqual([
      ['Impresiones', '16.270'],
      ['Clics', '7.885'],
      ['Conversiones', '120'],
    ]);
    // The same strings as the table's cells.
    expect(pairs(within(mexico).getByTestId('priority-figures')).map(([, value]) => value)).toEqual(
      cells.slice(3),
    );
    expect(
      pairs(within(mexico).getByTestId('secondary-figures')).map(([, value]) => value),
    ).toEqual(cells.slice(0, 3));
    // Each label/value pair wraps as a whole, never inside a word.
    for (const pair of within(mexico).getByTestId('secondary-figures').children) {
      expect(pair).toHaveClass('whitespace-nowrap');
    }
  });

  it('sorts the cards with a select that shares the table headers’ sort', async () => {
    const calls = stubApi({
      rows: [
        { key: 'Acme', ...ZERO, revenue: 100, payout: 10 },
        { key: 'Beta', ...ZERO, revenue: 300, payout: 30 },
        { key: 'Cobalt', ...ZERO, revenue: 200, payout: 20 },
      ],
    });
    const screenWidth = mockScreen({ phone: true });
    renderTable();
    await screen.findByRole('list', { name: 'Advertisers' });
    const names = () =>
      screen.queryAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    await waitFor(() => expect(names()).toEqual(['Beta', 'Cobalt', 'Acme']));
    const select = screen.getByLabelText('Sort by');
    expect(select).toHaveTextContent('Revenue: highest first');

    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Advertisers: A to Z' }));
    await waitFor(() => expect(names()).toEqual(['Acme', 'Beta', 'Cobalt']));
    expect(calls.at(-1)).toMatch(/[?&]sort=key&dir=asc&/);

    // Turned wider, the table keeps the sort the select chose.
    screenWidth.resize({ phone: false });
    expect(screen.getByRole('columnheader', { name: /Advertisers/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    // A header click sorts, and back on the phone the cards and the select show it.
    await userEvent.click(
      within(screen.getByRole('table')).getByRole('button', { name: 'Revenue' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Revenue/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    screenWidth.resize({ phone: true });
    await waitFor(() => expect(names()).toEqual(['Beta', 'Cobalt', 'Acme']));
    expect(screen.getByLabelText('Sort by')).toHaveTextContent('Revenue: highest first');

    await userEvent.click(screen.getByLabelText('Sort by'));
    await userEvent.click(await screen.findByRole('option', { name: 'Payout: lowest first' }));
    await waitFor(() => expect(names()).toEqual(['Acme', 'Cobalt', 'Beta']));
  });
});
