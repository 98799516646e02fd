import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useChartTurn } from './chart-turns';

const built: string[] = [];

function Chart({ name }: { name: string }) {
  const ready = useChartTurn();
  if (ready && !built.includes(name)) built.push(name);
  return <p>{ready ? `${name} drawn` : `${name} waiting`}</p>;
}

afterEach(() => {
  vi.useRealTimers();
  built.length = 0;
});

describe('useChartTurn', () => {
  it('lets one chart build per task, in the order they asked', async () => {
    vi.useFakeTimers();
    render(
      <>
        <Chart name="trend" />
        <Chart name="advertisers" />
        <Chart name="countries" />
      </>,
    );
    expect(built).toEqual([]);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(built).toEqual(['trend']);
    expect(screen.getByText('advertisers waiting')).toBeInTheDocument();
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(built).toEqual(['trend', 'advertisers']);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(screen.getByText('countries drawn')).toBeInTheDocument();
    // The last chart hands its turn on too, and the queue is left idle for the next test.
    await act(() => vi.runAllTimersAsync());
  });

  it('passes the turn on when a waiting chart goes away', async () => {
    const { rerender } = render(
      <>
        <Chart name="trend" />
        <Chart name="devices" />
      </>,
    );
    rerender(<Chart name="trend" key="other" />);
    expect(await screen.findByText('trend drawn')).toBeInTheDocument();
    expect(built).toEqual(['trend']);
    // A chart that comes after the queue emptied still gets its turn.
    rerender(
      <>
        <Chart name="trend" key="other" />
        <Chart name="channels" />
      </>,
    );
    expect(await screen.findByText('channels drawn')).toBeInTheDocument();
  });
});
