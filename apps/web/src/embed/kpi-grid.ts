/**
 * Column counts for the KPI tiles that leave no empty slot at any width. The class names are
 * written out in full so Tailwind finds them in the source.
 */
const BREAKPOINTS = [
  {
    max: 2,
    cols: ['grid-cols-1', 'grid-cols-2'],
    span: ['col-span-1', 'col-span-2'],
  },
  {
    max: 3,
    cols: ['sm:grid-cols-1', 'sm:grid-cols-2', 'sm:grid-cols-3'],
    span: ['sm:col-span-1', 'sm:col-span-2', 'sm:col-span-3'],
  },
  {
    max: 6,
    cols: [
      'lg:grid-cols-1',
      'lg:grid-cols-2',
      'lg:grid-cols-3',
      'lg:grid-cols-4',
      'lg:grid-cols-5',
      'lg:grid-cols-6',
    ],
    span: [
      'lg:col-span-1',
      'lg:col-span-2',
      'lg:col-span-3',
      'lg:col-span-4',
      'lg:col-span-5',
      'lg:col-span-6',
    ],
  },
] as const;

/**
 * Columns for `count` tiles when at most `max` fit: a count that divides the tiles if there is
 * one, else the one whose last row needs the narrowest stretch of the last tile. Never fewer
 * than half of `max` (nor than two), so five tiles on a phone are two columns, not a long list.
 */
function columnsFor(count: number, max: number): { columns: number; lastSpan: number } {
  if (count <= max) return { columns: count, lastSpan: 1 };
  const spanOf = (columns: number) => {
    const rest = count % columns;
    return rest === 0 ? 1 : columns - rest + 1;
  };
  let best = { columns: max, lastSpan: spanOf(max) };
  for (let columns = max - 1; columns >= Math.max(2, Math.ceil(max / 2)); columns -= 1) {
    const lastSpan = spanOf(columns);
    if (lastSpan < best.lastSpan) best = { columns, lastSpan };
  }
  return best;
}

export interface KpiGridLayout {
  /** Classes of the grid. */
  grid: string;
  /** Classes of the last tile, which stretches over what its row leaves free. */
  last: string;
}

export function kpiGridLayout(count: number): KpiGridLayout {
  const grid: string[] = [];
  const last: string[] = [];
  let previousSpan = 1;
  for (const breakpoint of BREAKPOINTS) {
    const { columns, lastSpan } = columnsFor(Math.max(1, count), breakpoint.max);
    grid.push(breakpoint.cols[columns - 1] ?? '');
    // A span carries over to wider screens until one sets it back.
    if (lastSpan !== previousSpan) last.push(breakpoint.span[lastSpan - 1] ?? '');
    previousSpan = lastSpan;
  }
  return { grid: grid.join(' '), last: last.join(' ') };
}
