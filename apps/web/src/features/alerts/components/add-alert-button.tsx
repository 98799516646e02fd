import type { Ref } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The New alert button: refused, with the reason beside it, once the member has their most. */
export function AddAlertButton({
  used,
  max,
  onClick,
  ref,
}: {
  used: number;
  max: number;
  onClick: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const full = used >= max;
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      <p id="alerts-limit" className="text-sm text-muted-foreground">
        {full ? t('alerts.limit_reached', { count: max }) : t('alerts.used', { used, max })}
      </p>
      <Button
        ref={ref}
        onClick={onClick}
        disabled={full}
        aria-describedby={full ? 'alerts-limit' : undefined}
      >
        <Plus aria-hidden />
        {t('alerts.add')}
      </Button>
    </div>
  );
}
