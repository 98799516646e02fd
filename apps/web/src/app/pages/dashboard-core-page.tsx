import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '@partner-portal/shared/permissions';
import { Banner } from '@/components/ui/banner';
import { useDashboardAlertBell } from './dashboard-alert-bell';
import { DashboardWithSide } from './dashboard-with-side';
import { useSession } from '@/lib/session-store';
import { Page } from '../layouts/page';
import { paths } from '../route-table';

/**
 * The core dashboard: the core workbook, saying why when Plus was asked for without it, and the
 * bell that sets an alert on what it shows.
 */
export default function DashboardCorePage() {
  const { t } = useTranslation();
  const session = useSession();
  const [params] = useSearchParams();
  const bell = useDashboardAlertBell();
  return (
    <Page titleKey="titles.dashboard_core" actions={bell}>
      {params.get('upgrade') === 'plus' ? (
        <Banner variant="info" title={t('dashboards.upgrade.title')}>
          {t('dashboards.upgrade.body')}{' '}
          {session && hasPermission(session.permission, 'admin') ? (
            <Link
              to={`${paths.accountUpgrade}?plan=free_plus`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {t('dashboards.upgrade.link')}
            </Link>
          ) : (
            t('dashboards.upgrade.ask_admin')
          )}
        </Banner>
      ) : null}
      <DashboardWithSide kind="core" />
    </Page>
  );
}
