import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@partner-portal/shared/constants';
import type { WorkbookSection } from '@partner-portal/shared/local-workbooks';
import {
  REPORT_METRICS,
  type BreakdownResponse,
  type KpisResponse,
  type MetricTotals,
  type ReportDimension,
  type ReportRange,
  type TrendResponse,
} from '@partner-portal/shared/report-data';
import type { EmbedApi } from './embed-api';
import { TopChart, TrendChart } from './charts';
import { useChartTurn } from './chart-turns';
import { KpiTiles } from './kpi-tiles';
import { ReportTable } from './report-table';
import { useLoaded } from './use-loaded';

interface ViewProps {
  api: EmbedApi;
  range: ReportRange;
  locale: Locale;
  dark: boolean;
  onError: (error: unknown) => void;
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-3 rounded-lg border bg-card p-4">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

const CHART_SKELETON = 'h-64 animate-pulse rounded-md bg-muted/60';

function ChartSkeleton() {
  return <div className={CHART_SKELETON} />;
}

/** A chart once it nears the viewport and its turn has come (chart-turns.ts), the skeleton until then. */
function InTurn({ children }: { children: React.ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  return useChartTurn(place) ? children : <div ref={place} className={CHART_SKELETON} />;
}

/** Stands in for a chart when the range has nothing to draw (no axes from $0 to $1). */
function NoDataInRange() {
  const { t } = useTranslation();
  return (
    <p className="grid h-32 place-items-center rounded-md border border-dashed text-center text-sm text-muted-foreground">
      {t('embed.charts.empty')}
    </p>
  );
}

function hasFigures(totals: MetricTotals): boolean {
  return REPORT_METRICS.some((metric) => totals[metric] !== 0);
}

function Kpis({ api, range, locale, onError }: ViewProps) {
  const kpis = useLoaded<KpisResponse>(() => api.kpis(range), JSON.stringify(range), onError);
  return <KpiTiles kpis={kpis} locale={locale} />;
}

function Trend({ api, range, locale, dark, onError }: ViewProps) {
  const { t } = useTranslation();
  const trend = useLoaded<TrendResponse>(() => api.trend(range), JSON.stringify(range), onError);
  return (
    <Panel title={t('embed.sections.trend')}>
      {!trend ? (
        <ChartSkeleton />
      ) : trend.some(hasFigures) ? (
        <InTurn>
          <TrendChart trend={trend} locale={locale} dark={dark} />
        </InTurn>
      ) : (
        <NoDataInRange />
      )}
    </Panel>
  );
}

function Top({ dimension, ...props }: ViewProps & { dimension: ReportDimension }) {
  const { t } = useTranslation();
  const title = t(`embed.top.${dimension}`);
  const data = useLoaded<BreakdownResponse>(
    () =>
      props.api.breakdown({
        ...props.range,
        dimension,
        sort: 'revenue',
        dir: 'desc',
        page: 1,
        page_size: 8,
      }),
    `${dimension}:${JSON.stringify(props.range)}`,
    props.onError,
  );
  return (
    <Panel title={title}>
      {!data ? (
        <ChartSkeleton />
      ) : data.rows.some((row) => row.revenue !== 0) ? (
        <InTurn>
          <TopChart
            data={data}
            dimension={dimension}
            locale={props.locale}
            dark={props.dark}
            label={title}
          />
        </InTurn>
      ) : (
        <NoDataInRange />
      )}
    </Panel>
  );
}

/** Renders a built-in workbook's sections, each loading its own data for the range. */
export function WorkbookView({
  sections,
  ...props
}: ViewProps & { sections: readonly WorkbookSection[] }) {
  const table = (dimension: ReportDimension) => (
    <ReportTable
      api={props.api}
      dimension={dimension}
      range={props.range}
      locale={props.locale}
      onError={props.onError}
    />
  );
  const render: Record<WorkbookSection, () => React.ReactNode> = {
    kpis: () => <Kpis {...props} />,
    trend: () => <Trend {...props} />,
    top_advertisers: () => <Top {...props} dimension="advertiser" />,
    top_campaigns: () => table('campaign'),
    advertisers_table: () => table('advertiser'),
    campaigns_table: () => table('campaign'),
    channels: () => <Top {...props} dimension="channel" />,
    countries: () => (
      <>
        <Top {...props} dimension="country" />
        {table('country')}
      </>
    ),
    devices: () => <Top {...props} dimension="device" />,
  };
  return (
    <div className="grid gap-4">
      {sections.map((section) => (
        <div key={section} className="contents">
          {render[section]()}
        </div>
      ))}
    </div>
  );
}
