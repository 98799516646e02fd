import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '@/lib/session-store';
import { isTwoFactorDue } from '../route-guard';
import { NoticeBar } from './notice-bar';
import { paths } from '../route-table';

/**
 * On every signed-in page while the account requires 2FA of a member who has none
 * (docs/product.md#two-factor-policy): until when they may go on without it, or that they must
 * set it up now, with the way there (except on that page itself).
 */
export function TwoFactorDueBanner() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const { pathname } = useLocation();
  const deadline = session?.two_factor_deadline;
  if (!session || !deadline || session['2fa_enabled']) return null;
  const due = isTwoFactorDue(session);
  const date = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'long',
    timeStyle: 'short',
  }).format(new Date(deadline));
  return (
    <NoticeBar
      label={t('app.two_factor_due.label')}
      icon={ShieldAlert}
      action={
        pathname === paths.account2fa ? null : (
          <Link
            to={paths.account2fa}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('app.two_factor_due.set_up')}
          </Link>
        )
      }
    >
      {due
        ? t('app.two_factor_due.now', { account: session.account_name })
        : t('app.two_factor_due.by', { account: session.account_name, date })}
    </NoticeBar>
  );
}
