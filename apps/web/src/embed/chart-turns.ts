import { useEffect, useState } from 'react';

/**
 * Charts are built one per task. Chart.js configures, measures and lays out a chart in one go —
 * about 100 ms on a slow phone — and the workbook's charts, built in the same commit, made one
 * long task that also held up the host page (a same-origin frame shares its thread). Each chart
 * waits for its turn and hands the next turn on once it is built, through a new task.
 */
const waiting: (() => void)[] = [];
let busy = false;

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

/** False until this chart's turn comes; the caller draws a placeholder until then. */
export function useChartTurn(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    // A chart gone before its turn passes the turn on at once.
    enqueue(() => (live ? setReady(true) : startNext()));
    return () => {
      live = false;
    };
  }, []);
  // Effects run children first: by now the chart inside has been built.
  useEffect(() => {
    if (ready) setTimeout(startNext, 0);
  }, [ready]);
  return ready;
}
