import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * What a member below Plus sees: what alerts do, and the way to them. Only an admin or the owner
 * may open the upgrade screen; anyone else is told whom to ask.
 */
export function AlertsLocked({
  upgradePath,
  canUpgrade,
}: {
  upgradePath: string;
  canUpgrade: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="alerts-locked-title"
      className="grid gap-3 rounded-lg border border-dashed border-border p-4"
    >
      <h2 id="alerts-locked-title" className="flex items-center gap-2 text-sm font-semibold">
        <Lock aria-hidden className="size-4 text-muted-foreground" />
        {t('alerts.locked.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('alerts.locked.body')}</p>
      {canUpgrade ? (
        <Button asChild size="sm" className="justify-self-start">
          <Link to={upgradePath}>{t('alerts.locked.upgrade')}</Link>
        </Button>
      ) : (
        <p className="text-sm font-medium">{t('alerts.locked.ask_owner')}</p>
      )}
    </section>
  );
}
