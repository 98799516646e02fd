import { useEffect, useState, type RefObject } from 'react';

/**
 * Charts are built one per task, and only once they are about to be seen. Chart.js configures,
 * measures and lays out a chart in one go — about 100 ms on a slow phone — and then redraws it on
 * every frame of its entrance animation. Built in the same commit, the workbook's charts made one
 * long task that also held up the host page (a same-origin frame shares its thread); built while
 * off screen, they spent that time on an animation nobody saw. So each chart waits until its place
 * nears the viewport, then for its turn, and hands the next turn on through a new task once built.
 */
const waiting: (() => void)[] = [];
let busy = false;

/** How far below the viewport a chart starts building, so it is drawn by the time it scrolls in. */
export const NEAR_VIEWPORT = '200px 0px';

function startNext(): void {
  const start = waiting.shift();
  if (start) start();
  else busy = false;
}

function enqueue(start: () => void): void {
  waiting.push(start);
  if (!busy) {
    busy = true;
    setTimeout(startNext, 0);
  }
}

/** Calls `near` once `element` nears the viewport (at once where the browser cannot tell). */
function whenNearViewport(element: Element | null, near: () => void): () => void {
  if (!element || typeof IntersectionObserver === 'undefined') {
    near();
    return () => undefined;
  }
  // In a frame the observer's implicit root is the top page's viewport: what the person sees.
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      near();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * False until this chart's turn comes; the caller draws a placeholder in `place` until then, the
 * same size as the chart, so nothing moves when it is built.
 */
export function useChartTurn(place: RefObject<Element | null>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const stopWatching = whenNearViewport(place.current, () =>
      // A chart gone before its turn passes the turn on at once.
      enqueue(() => (live ? setReady(true) : startNext())),
    );
    return () => {
      live = false;
      stopWatching();
    };
  }, [place]);
  // Effects run children first: by now the chart inside has been built.
  useEffect(() => {
    if (ready) setTimeout(startNext, 0);
  }, [ready]);
  return ready;
}
