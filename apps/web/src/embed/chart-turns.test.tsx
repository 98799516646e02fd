import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { NEAR_VIEWPORT, useChartTurn } from './chart-turns';

const built: string[] = [];

function Chart({ name }: { name: string }) {
  const place = useRef<HTMLParagraphElement>(null);
  const ready = useChartTurn(place);
  if (ready && !built.includes(name)) built.push(name);
  return <p ref={place}>{ready ? `${name} drawn` : `${name} waiting`}</p>;
}

/**
 * jsdom lays nothing out and has no IntersectionObserver: this one reports what a test says is
 * in view, as the browser's would when the page scrolls.
 */
class ViewportWatch {
  static watches: ViewportWatch[] = [];
  readonly watched = new Set<Element>();
  constructor(
    private readonly report: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    ViewportWatch.watches.push(this);
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  disconnect() {
    this.watched.clear();
  }
  static scrollIntoView(element: Element) {
    for (const watch of ViewportWatch.watches) {
      if (!watch.watched.has(element)) continue;
      const entry = { isIntersecting: true, target: element } as IntersectionObserverEntry;
      watch.report([entry], watch as unknown as IntersectionObserver);
    }
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  ViewportWatch.watches.length = 0;
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

  it('builds a chart only once its place nears the viewport, then in turn', async () => {
    vi.stubGlobal('IntersectionObserver', ViewportWatch);
    render(
      <>
        <Chart name="trend" />
        <Chart name="devices" />
      </>,
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(built).toEqual([]);
    expect(ViewportWatch.watches.map((watch) => watch.options?.rootMargin)).toEqual([
      NEAR_VIEWPORT,
      NEAR_VIEWPORT,
    ]);
    // The lower chart scrolls into view first: it is built, the other still waits.
    act(() => ViewportWatch.scrollIntoView(screen.getByText('devices waiting')));
    expect(await screen.findByText('devices drawn')).toBeInTheDocument();
    expect(built).toEqual(['devices']);
    act(() => ViewportWatch.scrollIntoView(screen.getByText('trend waiting')));
    expect(await screen.findByText('trend drawn')).toBeInTheDocument();
    expect(built).toEqual(['devices', 'trend']);
    // Once built, a chart is watched no more.
    expect(ViewportWatch.watches.every((watch) => watch.watched.size === 0)).toBe(true);
  });
});
