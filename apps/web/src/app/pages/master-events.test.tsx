import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleEventList } from '@partner-portal/shared/master';
import { dismissToast } from '@/components/ui/toast-store';
import { clearSession } from '@/lib/session-store';
import {
  actionCalls,
  consoleEvent,
  ids,
  openConsole,
  pageOf,
  serveConsole,
} from '@/test/master-test-kit';

// Chart.js needs a real canvas; the stand-in shows what the page handed to the chart.
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

const OPENED = consoleEvent();
const SIGNUP = consoleEvent({
  id: 'e2',
  name: 'signup.completed',
  user: null,
  account: null,
  metadata: {},
  created: '2026-11-19T10:00:00.000Z',
});

function eventList(
  rows = [OPENED, SIGNUP],
  extra: Partial<ConsoleEventList> = {},
): ConsoleEventList {
  return {
    ...pageOf(rows),
    counts: {
      days: ['2026-11-19', '2026-11-20'],
      names: [
        { name: 'dashboard.opened', total: 12, per_day: [5, 7] },
        { name: 'signup.completed', total: 3, per_day: [2, 1] },
        { name: 'other', total: 1, per_day: [0, 1] },
      ],
    },
    ...extra,
  };
}

const table = () => screen.findByRole('table', { name: 'Product events' });

describe('/master/events', () => {
  it('charts the daily counts by name and lists the events with their details', async () => {
    const calls = serveConsole({
      'GET /api/master/events': () => ({ body: { data: eventList() } }),
    });
    openConsole('/master/events');
    expect(await screen.findByRole('heading', { name: 'Product events', level: 1 })).toBeVisible();
    const opened = (await within(await table()).findByText('dashboard.opened')).closest('tr');
    if (!opened) throw new Error('no row');
    expect(within(opened).getByRole('link', { name: 'dana@northwind.test' })).toHaveAttribute(
      'href',
      `/master/users/${ids.dana}`,
    );
    expect(within(opened).getByRole('link', { name: 'Northwind Media' })).toHaveAttribute(
      'href',
      `/master/accounts/${ids.northwind}`,
    );
    expect(within(opened).getByText('{"workbook":"core","tab":2}')).toBeVisible();

    const chart = await screen.findByTestId('bar-chart');
    expect(chart).toHaveAccessibleName(
      'Events a day by name, Nov 19, 2026 to Nov 20, 2026: dashboard.opened 12, signup.completed 3, Other 1',
    );
    const datasets = JSON.parse(chart.dataset.datasets ?? '[]') as {
      label: string;
      data: number[];
    }[];
    expect(datasets.map(({ label, data }) => [label, data])).toEqual([
      ['dashboard.opened', [5, 7]],
      ['signup.completed', [2, 1]],
      ['Other', [0, 1]],
    ]);
    expect(JSON.parse(chart.dataset.labels ?? '[]')).toEqual(['Nov 19', 'Nov 20']);
    expect(actionCalls(calls)).toEqual(['GET /api/master/events']);
  });

  // A long walk through the screen: more than the default time on a busy machine.
  it('asks again with each filter in the query string', { timeout: 15_000 }, async () => {
    const calls = serveConsole({
      'GET /api/master/events': () => ({ body: { data: eventList() } }),
    });
    const router = openConsole('/master/events');
    await within(await table()).findByText('dashboard.opened');
    const last = () => actionCalls(calls).at(-1);

    await userEvent.type(screen.getByLabelText('Event name'), 'dashboard.opened');
    await waitFor(() => expect(last()).toBe('GET /api/master/events?name=dashboard.opened'));
    await userEvent.type(screen.getByLabelText('User e-mail'), 'Dana@Northwind.test{Enter}');
    await waitFor(() =>
      expect(last()).toBe(
        'GET /api/master/events?name=dashboard.opened&email=Dana%40Northwind.test',
      ),
    );
    await userEvent.type(screen.getByLabelText('Account ID'), ids.northwind);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(last()).toBe(
        `GET /api/master/events?name=dashboard.opened&account=${ids.northwind}&email=Dana%40Northwind.test&from=2026-11-01`,
      ),
    );
    expect(router.state.location.search).toContain(`account=${ids.northwind}`);
  });

  it('explains a name or an account ID the server would refuse, and does not send it', async () => {
    const calls = serveConsole({
      'GET /api/master/events': () => ({ body: { data: eventList() } }),
    });
    openConsole('/master/events');
    await within(await table()).findByText('dashboard.opened');
    await userEvent.type(screen.getByLabelText('Event name'), 'Dashboard Opened{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An event name has lowercase letters, digits, _ and . only',
    );
    expect(screen.getByLabelText('Event name')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(screen.getByLabelText('Event name'));
    await userEvent.type(screen.getByLabelText('Account ID'), 'not-an-id{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter an account ID');
    expect(calls.some((call) => call.url.includes('name=') || call.url.includes('account='))).toBe(
      false,
    );
  });

  it('says when nothing matches, without a chart', async () => {
    serveConsole({
      'GET /api/master/events': () => ({
        body: { data: eventList([], { counts: { days: [], names: [] } }) },
      }),
    });
    openConsole('/master/events');
    expect(await screen.findByText('No events for these filters')).toBeInTheDocument();
    expect(screen.getByText('No events in this period.')).toBeVisible();
    expect(screen.queryByTestId('bar-chart')).not.toBeInTheDocument();
  });
});
