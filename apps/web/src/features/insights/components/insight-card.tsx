import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellOff, ThumbsDown, ThumbsUp, TrendingDown, TrendingUp } from 'lucide-react';
import { INSIGHT_DEFAULT_MUTE_DAYS, type Insight } from '@partner-portal/shared/insights';
import type { ReportFocus } from '@partner-portal/shared/report-data';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { useInsightFeedback } from '../api/use-insights';
import { InsightSparkline } from './insight-sparkline';
import { InsightWhyDrawer } from './insight-why-drawer';

/** Green for good news, red for bad, grey for a move that is neither for this viewer. */
function toneOf(insight: Insight): string {
  if (insight.good === null) return 'text-muted-foreground';
  return insight.good ? 'text-success' : 'text-destructive';
}

/**
 * One insight: its kind, the sentence, the last four weeks against their usual band, how sure the
 * finding is, and what the viewer can do with it (Why?, useful or not, mute the series).
 */
export function InsightCard({
  insight,
  workbookId,
  onOpenInDashboard,
}: {
  insight: Insight;
  workbookId: string;
  onOpenInDashboard?: ((focus: ReportFocus) => void) | undefined;
}) {
  const { t } = useTranslation();
  const [why, setWhy] = useState(false);
  const [useful, setUseful] = useState<boolean | null>(null);
  const feedback = useInsightFeedback(workbookId);
  const Arrow = insight.direction === 'up' ? TrendingUp : TrendingDown;
  const tone = toneOf(insight);

  const rate = (value: boolean) => {
    setUseful(value);
    feedback.mutate(
      { id: insight.id, feedback: { useful: value } },
      { onError: () => setUseful(null) },
    );
  };
  const mute = () =>
    feedback.mutate(
      { id: insight.id, feedback: { useful: false, mute_days: INSIGHT_DEFAULT_MUTE_DAYS } },
      {
        onSuccess: () =>
          toast({
            variant: 'success',
            title: t('insights.card.muted', { days: INSIGHT_DEFAULT_MUTE_DAYS }),
          }),
      },
    );

  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-3 text-card-foreground">
      <div className="flex flex-wrap items-center gap-2">
        <Arrow aria-hidden className={cn('size-4 shrink-0', tone)} />
        <Badge variant="secondary">{t(`insights.type.${insight.type}`)}</Badge>
        <span className="text-xs text-muted-foreground">
          {t(`insights.confidence.${insight.confidence}`)}
        </span>
        {insight.good !== null ? (
          <span className="sr-only">
            {t(insight.good ? 'insights.card.good' : 'insights.card.bad')}
          </span>
        ) : null}
      </div>
      <p className="text-sm leading-snug">{insight.sentence}</p>
      <InsightSparkline insight={insight} className={tone} />
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="outline" size="sm" onClick={() => setWhy(true)}>
          {t('insights.card.why')}
        </Button>
        <span className="ml-auto flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            className="px-2"
            aria-label={t('insights.card.useful')}
            aria-pressed={useful === true}
            onClick={() => rate(true)}
          >
            <ThumbsUp aria-hidden className={cn('size-4', useful === true && 'fill-current')} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="px-2"
            aria-label={t('insights.card.not_useful')}
            aria-pressed={useful === false}
            onClick={() => rate(false)}
          >
            <ThumbsDown aria-hidden className={cn('size-4', useful === false && 'fill-current')} />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="px-2"
            aria-label={t('insights.card.mute', { days: INSIGHT_DEFAULT_MUTE_DAYS })}
            title={t('insights.card.mute', { days: INSIGHT_DEFAULT_MUTE_DAYS })}
            loading={feedback.isPending && feedback.variables.feedback.mute_days !== undefined}
            onClick={mute}
          >
            <BellOff aria-hidden className="size-4" />
          </Button>
        </span>
      </div>
      {useful !== null ? (
        <p role="status" className="text-xs text-muted-foreground">
          {t('insights.card.thanks')}
        </p>
      ) : null}
      <InsightWhyDrawer
        insight={insight}
        open={why}
        onOpenChange={setWhy}
        onOpenInDashboard={onOpenInDashboard}
      />
    </li>
  );
}
