import { ArrowLeft, LogIn, LogOut } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { WithQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { signOut } from '../navigation/sign-out';
import { paths } from '../route-table';
import { CenteredCardLayout } from './centered-card-layout';

interface Step {
  path: string;
  labelKey: string;
  /** Where Back goes; absent when the step before cannot be opened again. */
  back?: string;
}

const STEPS: readonly Step[] = [
  { path: paths.signup, labelKey: 'app.onboarding.account' },
  // Someone who mistyped their address starts over from the sign-up form.
  { path: paths.signupVerify, labelKey: 'app.onboarding.verify', back: paths.signup },
  // By the plan step the address is verified, and the guard sends a verified user on from
  // /signup/verify: Back would land here again. Signing out is the way out.
  { path: paths.signupPlan, labelKey: 'app.onboarding.plan' },
];

/**
 * The onboarding layout: the centered card with the sign-up steps above it, and on every step a
 * way out (sign out) and, where there is one, a way back.
 */
export function OnboardingLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const session = useSession();
  const current = STEPS.findIndex((step) => step.path === pathname);
  const back = STEPS[current]?.back;
  return (
    <CenteredCardLayout
      wide={pathname === paths.signupPlan}
      above={
        <>
          <div className="flex items-center justify-between gap-2">
            {back ? (
              <Button asChild variant="ghost" size="sm">
                <Link to={back}>
                  <ArrowLeft aria-hidden />
                  {t('app.onboarding.back')}
                </Link>
              </Button>
            ) : (
              <span />
            )}
            {/* A visitor who opened a verify link signed out has nothing to sign out of. */}
            {session ? (
              <Button variant="ghost" size="sm" onClick={() => void signOut()}>
                <LogOut aria-hidden />
                {t('app.nav.signout')}
              </Button>
            ) : (
              <Button asChild variant="ghost" size="sm">
                <Link to={paths.signin}>
                  <LogIn aria-hidden />
                  {t('app.nav.signin')}
                </Link>
              </Button>
            )}
          </div>
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
        </>
      }
    >
      {/* The plan step lists the plans with a query. */}
      <WithQueryClient>
        <Outlet />
      </WithQueryClient>
    </CenteredCardLayout>
  );
}
