import type { Ref } from 'react';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** No alerts yet: what one does, the button to make the first, and the dashboards' shortcut. */
export function AlertsEmptyState({
  onCreate,
  ref,
}: {
  onCreate: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="alerts-empty-title"
      className="grid justify-items-center gap-3 rounded-lg border border-dashed border-border px-4 py-10 text-center"
    >
      <Bell aria-hidden className="size-8 text-muted-foreground" />
      <h2 id="alerts-empty-title" className="text-base font-semibold">
        {t('alerts.empty.title')}
      </h2>
      <p className="max-w-prose text-sm text-muted-foreground">{t('alerts.empty.body')}</p>
      <Button ref={ref} onClick={onCreate}>
        {t('alerts.empty.create')}
      </Button>
      <p className="max-w-prose text-xs text-muted-foreground">{t('alerts.empty.bell_hint')}</p>
    </section>
  );
}
