import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Filter, X } from 'lucide-react';
import { toLocale } from '@partner-portal/shared/constants';
import { activeFilters, type ReportFocus } from '@partner-portal/shared/report-data';
import { Button } from '@/components/ui/button';
import { segmentLabel } from '@/lib/segment-label';

function formatDay(locale: string, day: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** True when a focus narrows anything: the bar is shown only then. */
export function isFocused(focus: ReportFocus): boolean {
  return focus.range !== null || activeFilters(focus.filters).length > 0;
}

/**
 * "Filtered to …" above a workbook opened from an insight: what it shows, and the way back to
 * everything. It takes focus when the page moves the reader here.
 */
export function FocusBar({
  applied,
  onClear,
  ref,
}: {
  applied: ReportFocus;
  onClear: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const hasFilters = activeFilters(applied.filters).length > 0;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="group"
      aria-label={t('dashboards.focus.label')}
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-primary/40 bg-primary/5 px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Filter aria-hidden className="size-4 shrink-0 text-primary" />
      <p className="min-w-0 flex-1 break-words">
        {hasFilters ? (
          <>
            {t('dashboards.focus.filtered')}{' '}
            <strong className="font-semibold">{segmentLabel(applied.filters, t)}</strong>
          </>
        ) : (
          t('dashboards.focus.everything')
        )}
        {applied.range ? (
          <span className="text-muted-foreground">
            {' · '}
            {t('dashboards.focus.range', {
              from: formatDay(locale, applied.range.from),
              to: formatDay(locale, applied.range.to),
            })}
          </span>
        ) : null}
      </p>
      <Button variant="ghost" size="sm" onClick={onClear}>
        <X aria-hidden />
        {t('dashboards.focus.clear')}
      </Button>
    </div>
  );
}
