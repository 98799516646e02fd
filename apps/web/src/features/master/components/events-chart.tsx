import {
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import type { ConsoleEventList } from '@partner-portal/shared/master';
import { useDarkMode } from '@/lib/theme';
import { axisDay, chartTheme } from './chart-theme';
import { useFormats } from './format';

ChartJS.register(BarElement, CategoryScale, Legend, LinearScale, Tooltip);

/** The server's name for the events beyond its top eight, summed. */
const OTHER = 'other';

/** Events a day, one stacked bar a day, a colour per name (the busiest first). */
export default function EventsChart({ counts }: { counts: ConsoleEventList['counts'] }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { dark } = useDarkMode();
  const theme = chartTheme(dark);
  const label = (name: string) => (name === OTHER ? t('master.events.other') : name);
  const first = counts.days[0];
  const last = counts.days.at(-1);
  return (
    <div className="h-64">
      <Bar
        role="img"
        aria-label={t('master.events.chart_label', {
          from: first ? format.day(first) : '',
          to: last ? format.day(last) : '',
          totals: counts.names
            .map((entry) => `${label(entry.name)} ${format.count(entry.total)}`)
            .join(', '),
        })}
        options={{
          animation: theme.animation,
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          plugins: {
            legend: { position: 'bottom', labels: { color: theme.text, boxWidth: 12 } },
            tooltip: {
              callbacks: {
                title: (items) => {
                  const day = counts.days[items[0]?.dataIndex ?? -1];
                  return day ? format.day(day) : '';
                },
              },
            },
          },
          scales: {
            x: {
              stacked: true,
              ticks: { color: theme.text, maxTicksLimit: 10 },
              grid: { display: false },
            },
            y: {
              stacked: true,
              beginAtZero: true,
              ticks: {
                color: theme.text,
                precision: 0,
                callback: (value) => format.count(Number(value)),
              },
              grid: { color: theme.grid },
            },
          },
        }}
        data={{
          labels: counts.days.map((day) => axisDay(format.locale, day)),
          datasets: counts.names.map((entry, index) => ({
            label: label(entry.name),
            data: entry.per_day,
            backgroundColor: theme.series(index, entry.name === OTHER),
            borderRadius: 2,
          })),
        }}
      />
    </div>
  );
}
