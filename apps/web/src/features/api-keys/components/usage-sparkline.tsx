import { useTranslation } from 'react-i18next';
import { API_KEY_USAGE_DAYS } from '@partner-portal/shared/api-key-rules';

const WIDTH = 80;
const HEIGHT = 24;
// Keeps the line's stroke inside the box at the highest and lowest day.
const PAD = 2;

export const totalCalls = (usage: readonly number[]) => usage.reduce((sum, day) => sum + day, 0);

/** The polyline's points: oldest day at the left, the busiest day at the top. */
function sparklinePoints(usage: readonly number[]): string {
  const peak = Math.max(1, ...usage);
  const step = usage.length > 1 ? (WIDTH - 2 * PAD) / (usage.length - 1) : 0;
  return usage
    .map((calls, day) => {
      const x = PAD + day * step;
      const y = HEIGHT - PAD - (calls / peak) * (HEIGHT - 2 * PAD);
      return `${Number(x.toFixed(2))},${Number(y.toFixed(2))}`;
    })
    .join(' ');
}

/** Calls per day for the last 30 days, drawn small; read out as the total. */
export function UsageSparkline({ usage }: { usage: readonly number[] }) {
  const { t, i18n } = useTranslation();
  const total = totalCalls(usage);
  const label = t('apikeys.usage.label', {
    count: total,
    formatted: total.toLocaleString(i18n.language),
    days: API_KEY_USAGE_DAYS,
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="overflow-visible text-primary"
    >
      <title>{label}</title>
      {usage.length > 0 ? (
        <polyline
          points={sparklinePoints(usage)}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      ) : null}
    </svg>
  );
}
