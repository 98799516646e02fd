import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutDashboard } from 'lucide-react';
import { toLocale } from '@partner-portal/shared/constants';
import type { Insight, InsightSegment } from '@partner-portal/shared/insights';
import type { ReportFocus } from '@partner-portal/shared/report-data';
import { formatPercent } from '@partner-portal/shared/report-format';
import { Button } from '@/components/ui/button';
import { segmentLabel } from '@/lib/segment-label';
import {
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerHeader,
  DrawerTitle,
} from '@/components/ui/drawer';
import { formatInsightFigure, formatShare } from './insight-figures';
import { insightFocus } from './insight-focus';

/**
 * "Why?": the segments an insight's change came from, each with its before, after, change and
 * share of the change, and what was compared with what. Where the page can, the insight's segment
 * or any contributor opens in the dashboard beside it, filtered to those values.
 */
export function InsightWhyDrawer({
  insight,
  open,
  onOpenChange,
  onOpenInDashboard,
}: {
  insight: Insight;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onOpenInDashboard?: ((focus: ReportFocus) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const figure = (value: number) => formatInsightFigure(locale, insight.metric, value);
  // The page moves focus to the filtered workbook: the drawer must not pull it back on closing.
  const leftForDashboard = useRef(false);
  const openInDashboard = (contributor?: InsightSegment) => {
    if (!onOpenInDashboard) return;
    leftForDashboard.current = true;
    onOpenChange(false);
    onOpenInDashboard(insightFocus(insight, contributor));
  };
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <DrawerContent
        className="w-full max-w-md overflow-y-auto sm:w-[28rem]"
        onCloseAutoFocus={(event) => {
          if (leftForDashboard.current) event.preventDefault();
          leftForDashboard.current = false;
        }}
      >
        <DrawerHeader>
          <DrawerTitle>{t('insights.why.title')}</DrawerTitle>
          <DrawerDescription>{insight.sentence}</DrawerDescription>
        </DrawerHeader>
        <p className="text-sm text-muted-foreground">
          {t(`insights.why.compared.${insight.type}`)}
        </p>
        {insight.contributors.length === 0 ? (
          <p className="text-sm">{t('insights.why.none')}</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{t('insights.why.caption')}</caption>
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-2 font-medium">
                  {t('insights.why.segment')}
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  {t('insights.why.before')}
                </th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">
                  {t('insights.why.after')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('insights.why.share')}
                </th>
              </tr>
            </thead>
            <tbody>
              {insight.contributors.map((row) => (
                <tr key={segmentLabel(row.segment, t)} className="border-b align-top last:border-0">
                  <th scope="row" className="py-2 pr-2 text-left font-medium break-words">
                    {onOpenInDashboard ? (
                      <button
                        type="button"
                        className="text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-none"
                        onClick={() => openInDashboard(row.segment)}
                      >
                        {segmentLabel(row.segment, t)}
                        <span className="sr-only"> {t('insights.why.open_hint')}</span>
                      </button>
                    ) : (
                      segmentLabel(row.segment, t)
                    )}
                    <span className="block text-xs font-normal text-muted-foreground">
                      {t('insights.why.change', {
                        change: figure(row.change),
                        percent:
                          row.before !== 0 ? formatPercent(locale, row.change / row.before) : '—',
                      })}
                    </span>
                  </th>
                  <td className="py-2 pr-2 text-right tabular-nums">{figure(row.before)}</td>
                  <td className="py-2 pr-2 text-right tabular-nums">{figure(row.after)}</td>
                  <td className="py-2 text-right font-semibold tabular-nums">
                    {formatShare(locale, row.share)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {onOpenInDashboard ? (
          <div className="grid gap-1.5 border-t pt-4">
            <Button className="justify-self-start" onClick={() => openInDashboard()}>
              <LayoutDashboard aria-hidden />
              {t('insights.why.open')}
            </Button>
            <p className="text-xs text-muted-foreground">
              {Object.keys(insight.segment).length > 0
                ? t('insights.why.open_filtered', { segment: segmentLabel(insight.segment, t) })
                : t('insights.why.open_everything')}
            </p>
          </div>
        ) : null}
      </DrawerContent>
    </Drawer>
  );
}
