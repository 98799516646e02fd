import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { WithQueryClient } from '@/lib/query-client';
import { paths } from '../route-table';
import { CenteredCardLayout } from './centered-card-layout';

const STEPS = [
  { path: paths.signup, labelKey: 'app.onboarding.account' },
  { path: paths.signupVerify, labelKey: 'app.onboarding.verify' },
  { path: paths.signupPlan, labelKey: 'app.onboarding.plan' },
] as const;

/** The onboarding layout: the centered card with the sign-up steps above it. */
export function OnboardingLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = STEPS.findIndex((step) => step.path === pathname);
  return (
    <CenteredCardLayout
      wide={pathname === paths.signupPlan}
      above={
        <ol
          aria-label={t('app.onboarding.label')}
          className="flex items-center justify-center gap-2 text-xs font-medium"
        >
          {STEPS.map((step, index) => (
            <li
              key={step.path}
              className="flex items-center gap-2"
              aria-current={index === current ? 'step' : undefined}
            >
              <span
                className={cn(
                  'flex size-6 items-center justify-center rounded-full border',
                  index < current && 'border-primary bg-primary text-primary-foreground',
                  index === current && 'border-primary text-primary',
                  index > current && 'border-border text-muted-foreground',
                )}
              >
                {index + 1}
              </span>
              <span className={index === current ? 'text-foreground' : 'text-muted-foreground'}>
                {t(step.labelKey)}
              </span>
              {index < STEPS.length - 1 ? (
                <span aria-hidden className="h-px w-6 bg-border" />
              ) : null}
            </li>
          ))}
        </ol>
      }
    >
      {/* The plan step lists the plans with a query. */}
      <WithQueryClient>
        <Outlet />
      </WithQueryClient>
    </CenteredCardLayout>
  );
}
