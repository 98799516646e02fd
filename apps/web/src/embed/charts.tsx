import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@partner-portal/shared/constants';
import type {
  BreakdownResponse,
  ReportDimension,
  TrendResponse,
} from '@partner-portal/shared/report-data';
import { formatDay, formatFullDay } from './date-format';
import { dimensionValueLabel } from './display-names';
import { formatCount, formatMoney } from '@partner-portal/shared/report-format';
import { chartColors } from './chart-colors';
import { chartAnimation } from './chart-animation';

ChartJS.register(
  BarElement,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Tooltip,
);

export function TrendChart({
  trend,
  locale,
  dark,
}: {
  trend: TrendResponse;
  locale: Locale;
  dark: boolean;
}) {
  const { t } = useTranslation();
  const colors = chartColors(dark);
  const total = trend.reduce((sum, day) => sum + day.revenue, 0);
  return (
    <div className="h-64">
      <Line
        role="img"
        aria-label={t('embed.charts.trend_label', {
          days: trend.length,
          revenue: formatMoney(locale, total),
        })}
        options={{
          animation: chartAnimation(),
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          plugins: {
            legend: { labels: { color: colors.text } },
            tooltip: {
              callbacks: {
                title: (items) => {
                  const day = trend[items[0]?.dataIndex ?? -1];
                  return day ? formatFullDay(locale, day.date) : '';
                },
              },
            },
          },
          scales: {
            x: { ticks: { color: colors.text, maxTicksLimit: 8 }, grid: { color: colors.grid } },
            revenue: {
              position: 'left',
              ticks: {
                color: colors.text,
                callback: (value) => formatMoney(locale, Number(value), true),
              },
              grid: { color: colors.grid },
            },
            conversions: {
              position: 'right',
              ticks: {
                color: colors.text,
                callback: (value) => formatCount(locale, Number(value), true),
              },
              grid: { display: false },
            },
          },
        }}
        data={{
          labels: trend.map((day) => formatDay(locale, day.date)),
          datasets: [
            {
              label: t('embed.metrics.revenue'),
              data: trend.map((day) => day.revenue),
              yAxisID: 'revenue',
              borderColor: colors.primary,
              backgroundColor: `${colors.primary}22`,
              fill: true,
              pointRadius: 0,
              tension: 0.3,
            },
            {
              label: t('embed.metrics.conversions'),
              data: trend.map((day) => day.conversions),
              yAxisID: 'conversions',
              borderColor: colors.secondary,
              pointRadius: 0,
              tension: 0.3,
            },
          ],
        }}
      />
    </div>
  );
}

/** Top-N of a breakdown as horizontal bars, by revenue. */
export function TopChart({
  data,
  dimension,
  locale,
  dark,
  label,
}: {
  data: BreakdownResponse;
  dimension: ReportDimension;
  locale: Locale;
  dark: boolean;
  label: string;
}) {
  const colors = chartColors(dark);
  const names = data.rows.map((row) => dimensionValueLabel(locale, dimension, row.key));
  return (
    <div className="h-64">
      <Bar
        role="img"
        aria-label={`${label}: ${data.rows
          .map((row, index) => `${names[index]} ${formatMoney(locale, row.revenue)}`)
          .join(', ')}`}
        options={{
          animation: chartAnimation(),
          indexAxis: 'y',
          maintainAspectRatio: false,
          plugins: { legend: { display: false } },
          scales: {
            x: {
              ticks: {
                color: colors.text,
                maxTicksLimit: 5,
                // Amounts with a currency are wide: on a phone, skip ticks before they touch.
                autoSkipPadding: 16,
                callback: (value) => formatMoney(locale, Number(value), true),
              },
              grid: { color: colors.grid },
            },
            y: { ticks: { color: colors.text }, grid: { display: false } },
          },
        }}
        data={{
          labels: names,
          datasets: [
            {
              data: data.rows.map((row) => row.revenue),
              backgroundColor: colors.primary,
              borderRadius: 4,
            },
          ],
        }}
      />
    </div>
  );
}
