import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';

/** A table's footer: "51–100 of 1,234" and Previous/Next, whoever does the paging. */
export function TablePaging({
  start,
  end,
  total,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
}: {
  start: number | string;
  end: number | string;
  total: number | string;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
      <p aria-live="polite">{t('ui.table.paging', { start, end, total })}</p>
      <div className="flex gap-1">
        <Button
          variant="outline"
          size="icon"
          aria-label={t('ui.table.previous')}
          disabled={!canPrevious}
          onClick={onPrevious}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('ui.table.next')}
          disabled={!canNext}
          onClick={onNext}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}
