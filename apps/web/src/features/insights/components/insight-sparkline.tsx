import type { Insight } from '@partner-portal/shared/insights';
import { cn } from '@/lib/cn';

const WIDTH = 112;
const HEIGHT = 32;
const PAD = 2;

/**
 * The insight's last four weeks as a line over the band its days usually fall in, with the days
 * the insight is about drawn as dots. Decorative for screen readers: the sentence says it all.
 */
export function InsightSparkline({ insight, className }: { insight: Insight; className?: string }) {
  const points = insight.series;
  if (points.length < 2) return null;
  const values = points.flatMap((point) => [
    point.value,
    point.low ?? point.value,
    point.high ?? point.value,
  ]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / (points.length - 1);
  const y = (value: number) => HEIGHT - PAD - ((value - min) * (HEIGHT - 2 * PAD)) / span;
  const banded = points
    .map((point, index) => ({ ...point, index }))
    .filter((point) => point.low !== null && point.high !== null);
  const band =
    banded.length > 1
      ? [
          ...banded.map((point) => `${x(point.index)},${y(point.high ?? 0)}`),
          ...[...banded].reverse().map((point) => `${x(point.index)},${y(point.low ?? 0)}`),
        ].join(' ')
      : null;
  const line = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(index)},${y(point.value)}`)
    .join(' ');
  const inPeriod = (date: string) => date >= insight.period.from && date <= insight.period.to;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
      className={cn('h-10 w-full overflow-visible', className)}
    >
      {band ? <polygon points={band} className="fill-muted-foreground/15" /> : null}
      <path
        d={line}
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        vectorEffect="non-scaling-stroke"
      />
      {points.map((point, index) =>
        insight.type !== 'pace' && inPeriod(point.date) ? (
          <circle
            key={point.date}
            cx={x(index)}
            cy={y(point.value)}
            r={1.6}
            className="fill-current"
          />
        ) : null,
      )}
    </svg>
  );
}
