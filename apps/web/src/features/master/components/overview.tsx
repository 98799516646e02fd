import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { OVERVIEW_DEFAULT_DAYS, type Overview } from '@partner-portal/shared/master';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { OVERVIEW_PERIODS, useOverview } from '../api/overview';
import { FigureCard, type FigureChange } from './figure-card';
import { relativeChange, useFormats, type Formats } from './format';
import { LoadError } from './load-error';
import { PlanMix } from './plan-mix';
import { useSearchState } from './use-search-state';

// Chart.js comes with the charts, after the figures: never with the app's first load.
const TrendCharts = lazy(() => import('./trend-charts'));

const KEYS = ['days'] as const;
const FIGURES = 8;

function readDays(value: string): number {
  const days = Number(value);
  return (OVERVIEW_PERIODS as readonly number[]).includes(days) ? days : OVERVIEW_DEFAULT_DAYS;
}

/** The console's home: the product's figures for a period, its plan mix and its trends. */
export function ConsoleOverview() {
  const { t } = useTranslation();
  const format = useFormats();
  const { values, setFilters } = useSearchState(KEYS);
  const days = readDays(values.days);
  const overview = useOverview(days);
  const data = overview.data;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="overview-period">{t('master.overview.period')}</Label>
          <Select
            id="overview-period"
            value={String(days)}
            onValueChange={(value) =>
              setFilters({ days: Number(value) === OVERVIEW_DEFAULT_DAYS ? '' : value })
            }
            className="w-48"
            options={OVERVIEW_PERIODS.map((period) => ({
              value: String(period),
              label: t('master.overview.last_days', { count: period }),
            }))}
          />
        </div>
        {data ? (
          <p className="text-sm text-muted-foreground" data-testid="overview-range">
            {t('master.overview.range', { from: format.date(data.from), to: format.date(data.to) })}
          </p>
        ) : null}
      </div>
      {overview.isError && !data ? (
        <LoadError
          title={t('master.overview.load_failed')}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : null}
      <section
        aria-labelledby="overview-figures"
        aria-busy={overview.isFetching || undefined}
        className={cn(
          'grid grid-cols-2 gap-3 transition-opacity lg:grid-cols-4',
          overview.isPlaceholderData && 'opacity-60',
        )}
      >
        <h2 id="overview-figures" className="sr-only">
          {t('master.overview.figures')}
        </h2>
        {data
          ? figures(data, format, t).map((figure) => <FigureCard key={figure.id} {...figure} />)
          : overview.isPending
            ? Array.from({ length: FIGURES }, (_, index) => (
                <div
                  key={index}
                  data-testid="figure-skeleton"
                  className="h-28 animate-pulse rounded-lg border border-border bg-muted/50"
                />
              ))
            : null}
      </section>
      {data ? (
        <>
          <PlanMix mix={data.plan_mix} />
          <Suspense fallback={<ChartsLoading />}>
            <TrendCharts overview={data} />
          </Suspense>
        </>
      ) : null}
    </div>
  );
}

function ChartsLoading() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="charts-loading">
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          className="h-72 animate-pulse rounded-xl border border-border bg-muted/50"
        />
      ))}
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function figures(data: Overview, format: Formats, t: Translate) {
  const relative = (value: number, previous: number | null, goodWhenUp = true) => {
    const change = relativeChange(value, previous);
    return change === null
      ? null
      : ({
          delta: change,
          text: t('master.overview.change', { change: format.change(change) }),
          goodWhenUp,
        } satisfies FigureChange);
  };
  // Shares move in points: a churn of 2% becoming 3% is "+1 pt", not "+50%".
  const points = (value: number, previous: number | null, goodWhenUp = true) =>
    previous === null
      ? null
      : ({
          delta: value - previous,
          text: t('master.overview.change_points', { change: format.points(value - previous) }),
          goodWhenUp,
        } satisfies FigureChange);
  const noChange = t('master.overview.no_previous');
  const { active_users: active, mrr, feedback } = data;
  return [
    {
      id: 'signups',
      label: t('master.overview.signups'),
      value: format.count(data.signups.value),
      change: relative(data.signups.value, data.signups.previous),
    },
    {
      id: 'verification',
      label: t('master.overview.verification_rate'),
      value: format.rate(data.verification_rate.value),
      change: points(data.verification_rate.value, data.verification_rate.previous),
    },
    {
      id: 'dau',
      label: t('master.overview.dau'),
      value: format.count(active.daily.value),
      change: relative(active.daily.value, active.daily.previous),
    },
    {
      id: 'wau',
      label: t('master.overview.wau'),
      value: format.count(active.weekly.value),
      change: relative(active.weekly.value, active.weekly.previous),
    },
    {
      id: 'mau',
      label: t('master.overview.mau'),
      value: format.count(active.monthly.value),
      change: relative(active.monthly.value, active.monthly.previous),
    },
    {
      id: 'mrr',
      label: t('master.overview.mrr'),
      value: format.money(mrr.value, mrr.currency),
      change: relative(mrr.value, mrr.previous),
      note: t('master.overview.net_new_mrr', {
        amount: format.signedMoney(mrr.net_new, mrr.currency),
      }),
    },
    {
      id: 'churn',
      label: t('master.overview.churn'),
      value: format.rate(data.churn.value),
      change: points(data.churn.value, data.churn.previous, false),
    },
    {
      id: 'feedback',
      label: t('master.overview.feedback_score'),
      value: feedback.score === null ? '—' : format.signed(feedback.score),
      change:
        feedback.score === null || feedback.previous === null
          ? null
          : {
              delta: feedback.score - feedback.previous,
              text: t('master.overview.change_score', {
                change: format.signed(feedback.score - feedback.previous),
              }),
              goodWhenUp: true,
            },
      note:
        feedback.ratings === 0
          ? t('master.overview.no_ratings')
          : t('master.overview.ratings', { count: feedback.ratings }),
    },
  ].map((figure) => ({ ...figure, noChange }));
}
