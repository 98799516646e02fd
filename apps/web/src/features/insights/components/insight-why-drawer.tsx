import { useTranslation } from 'react-i18next';
import { toLocale } from '@partner-portal/shared/constants';
import type { Insight } from '@partner-portal/shared/insights';
import { formatPercent } from '@partner-portal/shared/report-format';
import {
  Drawer,
  DrawerContent,
  DrawerDescription,
  DrawerHeader,
  DrawerTitle,
} from '@/components/ui/drawer';
import { formatInsightFigure, formatShare, segmentLabel } from './insight-figures';

/**
 * "Why?": the segments an insight's change came from, each with its before, after, change and
 * share of the change, and what was compared with what.
 */
export function InsightWhyDrawer({
  insight,
  open,
  onOpenChange,
}: {
  insight: Insight;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const figure = (value: number) => formatInsightFigure(locale, insight.metric, value);
  return (
    <Drawer open={open} onOpenChange={onOpenChange}>
      <DrawerContent className="w-full max-w-md overflow-y-auto sm:w-[28rem]">
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
                    {segmentLabel(row.segment, t)}
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
      </DrawerContent>
    </Drawer>
  );
}
