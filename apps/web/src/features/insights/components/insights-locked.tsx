import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Lock } from 'lucide-react';
import { hasPermission } from '@partner-portal/shared/permissions';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session-store';

/**
 * The one card a plan without insights sees: what they would get, and the way to it (the upgrade
 * screen for those who may pay; the others are told to ask).
 */
export function InsightsLocked() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="grid gap-3 rounded-lg border border-dashed border-border p-4">
      <div className="flex items-center gap-2 text-sm font-semibold">
        <Lock aria-hidden className="size-4 text-muted-foreground" />
        {t('insights.locked.title')}
      </div>
      <p className="text-sm text-muted-foreground">{t('insights.locked.body')}</p>
      {session && hasPermission(session.permission, 'admin') ? (
        <Button asChild size="sm" className="justify-self-start">
          <Link to="/account/upgrade?plan=free_plus_ai">{t('insights.locked.upgrade')}</Link>
        </Button>
      ) : (
        <p className="text-sm">{t('insights.locked.ask_admin')}</p>
      )}
    </div>
  );
}
