import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PlanPicker } from '@/features/billing/components/plan-picker';
import { usePageTitle } from '@/lib/use-page-title';
import { paths } from '../route-table';

export default function SignupPlanPage() {
  const { t } = useTranslation();
  const title = usePageTitle('titles.plan');
  const [params] = useSearchParams();
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-sm text-muted-foreground">{t('app.pages.plan')}</p>
      </div>
      <PlanPicker defaultPlan={params.get('id')} />
      <Link
        to={paths.accountProfile}
        className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {t('auth.plan.profile_link')}
      </Link>
    </div>
  );
}
