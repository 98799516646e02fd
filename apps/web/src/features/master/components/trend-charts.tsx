import {
  CategoryScale,
  Chart as ChartJS,
  Filler,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { Overview } from '@partner-portal/shared/master';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useDarkMode } from '@/lib/theme';
import { axisDay, chartTheme } from './chart-theme';
import { useFormats } from './format';

ChartJS.register(CategoryScale, Filler, LinearScale, LineElement, PointElement, Tooltip);

type Series = Overview['series']['signups'];

/** The overview's trends, a line each: sign-ups, active users and MRR a day. */
export default function TrendCharts({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const format = useFormats();
  const currency = overview.mrr.currency;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <TrendChart
        id="signups"
        title={t('master.overview.signups_trend')}
        series={overview.series.signups}
        show={format.count}
      />
      <TrendChart
        id="active"
        title={t('master.overview.active_trend')}
        series={overview.series.active_users}
        show={format.count}
      />
      <TrendChart
        id="mrr"
        title={t('master.overview.mrr_trend')}
        series={overview.series.mrr}
        show={(cents) => format.money(cents, currency)}
        tick={(cents) => format.compactMoney(cents, currency)}
      />
    </div>
  );
}

function TrendChart({
  id,
  title,
  series,
  show,
  tick = show,
}: {
  id: string;
  title: string;
  series: Series;
  show: (value: number) => string;
  tick?: (value: number) => string;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const { dark } = useDarkMode();
  const theme = chartTheme(dark);
  const first = series[0];
  const last = series.at(-1);
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`trend-${id}`}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {first && last ? (
          <div className="h-56">
            <Line
              role="img"
              aria-label={t('master.overview.chart_label', {
                title,
                from: format.day(first.day),
                to: format.day(last.day),
                first: show(first.value),
                last: show(last.value),
              })}
              options={{
                animation: theme.animation,
                maintainAspectRatio: false,
                interaction: { mode: 'index', intersect: false },
                plugins: {
                  legend: { display: false },
                  tooltip: {
                    callbacks: {
                      title: (items) => {
                        const day = series[items[0]?.dataIndex ?? -1];
                        return day ? format.day(day.day) : '';
                      },
                      label: (item) => show(Number(item.raw)),
                    },
                  },
                },
                scales: {
                  x: {
                    ticks: { color: theme.text, maxTicksLimit: 8 },
                    grid: { color: theme.grid },
                  },
                  y: {
                    beginAtZero: true,
                    ticks: {
                      color: theme.text,
                      maxTicksLimit: 6,
                      callback: (value) => tick(Number(value)),
                    },
                    grid: { color: theme.grid },
                  },
                },
              }}
              data={{
                labels: series.map((point) => axisDay(format.locale, point.day)),
                datasets: [
                  {
                    label: title,
                    data: series.map((point) => point.value),
                    borderColor: theme.primary,
                    backgroundColor: `${theme.primary}22`,
                    fill: true,
                    pointRadius: 0,
                    tension: 0.3,
                  },
                ],
              }}
            />
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t('master.overview.no_trend')}</p>
        )}
      </CardContent>
    </Card>
  );
}
