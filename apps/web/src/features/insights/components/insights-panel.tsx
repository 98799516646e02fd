import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RefreshCw, Sparkles } from 'lucide-react';
import { toLocale } from '@partner-portal/shared/constants';
import { INSIGHT_PANEL_CARDS, type InsightsResponse } from '@partner-portal/shared/insights';
import type { ReportFocus } from '@partner-portal/shared/report-data';
import { Button } from '@/components/ui/button';
import { useInsights } from '../api/use-insights';
import { InsightCard } from './insight-card';
import { InsightsLocked } from './insights-locked';
import { InsightsNarrative } from './insights-narrative';

/** Cards shown before "Show more": enough to tell the top stories without pushing a phone's
 * dashboard far down. */
const FIRST_CARDS = 3;

function formatDay(locale: string, day: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The Insights panel beside a workbook (ours, so it sits beside a Sigma workbook too): the top
 * insights for this viewer, or why there are none. Pages place it only for a plan with insights
 * (DashboardWithSide); should the server still refuse (the plan changed in another tab), it shows
 * the teaser of the plan that has them. The
 * page that places it says how to open an insight's segment in that workbook.
 */
export function InsightsPanel({
  workbookId,
  onOpenInDashboard,
}: {
  workbookId: string;
  onOpenInDashboard?: (focus: ReportFocus) => void;
}) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const query = useInsights(workbookId);
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Sparkles aria-hidden className="size-4 text-primary" />
        {t('insights.title')}
        {query.data && !query.data.locked && query.data.response.as_of ? (
          <span className="text-xs font-normal text-muted-foreground">
            {t('insights.as_of', {
              date: formatDay(toLocale(i18n.language), query.data.response.as_of),
            })}
          </span>
        ) : null}
      </h2>
      {query.isPending ? (
        <div
          role="status"
          aria-label={t('insights.loading')}
          className="grid animate-pulse gap-3 md:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-1"
        >
          {Array.from({ length: FIRST_CARDS }, (_, index) => (
            <div key={index} className="h-32 rounded-lg bg-muted" />
          ))}
        </div>
      ) : query.isError ? (
        <div className="grid gap-2 rounded-lg border border-border p-4 text-sm">
          <p>{t('insights.failed')}</p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void query.refetch()}
          >
            <RefreshCw aria-hidden />
            {t('insights.retry')}
          </Button>
        </div>
      ) : query.data.locked ? (
        <InsightsLocked />
      ) : (
        <InsightList
          response={query.data.response}
          workbookId={workbookId}
          onOpenInDashboard={onOpenInDashboard}
        />
      )}
    </section>
  );
}

function InsightList({
  response,
  workbookId,
  onOpenInDashboard,
}: {
  response: InsightsResponse;
  workbookId: string;
  onOpenInDashboard: ((focus: ReportFocus) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const locale = toLocale(i18n.language);
  if (response.status !== 'ok') {
    return (
      <p className="rounded-lg border border-border p-4 text-sm">
        {t(`insights.status.${response.status}`)}
      </p>
    );
  }
  const top = response.insights.slice(0, INSIGHT_PANEL_CARDS);
  const dataThrough = response.data_through ?? response.as_of;
  // The month's pace is news every day: "nothing unusual" is said when nothing else is found.
  const findings = top.filter((insight) => insight.type !== 'pace');
  const shown = expanded ? top : top.slice(0, FIRST_CARDS);
  return (
    <div className="grid gap-3">
      {dataThrough && response.as_of && dataThrough < response.as_of ? (
        <p className="text-sm text-muted-foreground">
          {t('insights.data_through', {
            date: formatDay(locale, dataThrough),
            as_of: formatDay(locale, response.as_of),
          })}
        </p>
      ) : null}
      <InsightsNarrative response={response} workbookId={workbookId} />
      {findings.length === 0 ? (
        <p className="rounded-lg border border-border p-4 text-sm">
          {t('insights.nothing', { date: dataThrough ? formatDay(locale, dataThrough) : '' })}
        </p>
      ) : null}
      {shown.length > 0 ? (
        // Above the workbook the cards share a row; beside it (2xl) they stack.
        <ol className="grid gap-3 md:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-1">
          {shown.map((insight) => (
            <InsightCard
              key={insight.id}
              insight={insight}
              workbookId={workbookId}
              onOpenInDashboard={onOpenInDashboard}
            />
          ))}
        </ol>
      ) : null}
      {top.length > FIRST_CARDS ? (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded
            ? t('insights.show_fewer')
            : t('insights.show_more', { count: top.length - FIRST_CARDS })}
        </Button>
      ) : null}
    </div>
  );
}
