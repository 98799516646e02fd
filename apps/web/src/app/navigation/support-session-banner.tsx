import { useState } from 'react';
import { LifeBuoy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session-store';
import { NoticeBar } from './notice-bar';
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
    <NoticeBar
      label={t('app.support_session.label')}
      icon={LifeBuoy}
      strong
      action={
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
      }
    >
      {t('app.support_session.acting_as', {
        email: session.email,
        account: session.account_name,
      })}
    </NoticeBar>
  );
}
