import { useState } from 'react';
import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session-store';
import { leaveSupportSession } from './support-session';

/**
 * On every signed-in page of a support session (docs/product.md#operator-console): whom the
 * operator is acting as, and the way out. Not dismissible: it is how the operator, and anyone
 * looking over their shoulder, knows this is not their own account.
 */
export function SupportSessionBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  if (!session?.impersonating) return null;
  return (
    <div
      role="region"
      aria-label={t('app.support_session.label')}
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-warning/50 bg-warning px-4 py-2 text-sm text-warning-foreground"
    >
      <p className="flex min-w-0 items-center gap-2">
        <LifeBuoy aria-hidden className="size-4 shrink-0" />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          {t('app.support_session.acting_as', {
            email: session.email,
            account: session.account_name,
          })}
        </span>
      </p>
      <Button
        size="sm"
        variant="outline"
        className="border-warning-foreground/40 bg-transparent text-warning-foreground hover:bg-warning-foreground/10"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void leaveSupportSession().finally(() => setLeaving(false));
        }}
      >
        {t('app.support_session.stop')}
      </Button>
    </div>
  );
}
