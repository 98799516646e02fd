import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useConsoleSession } from '../api/console';
import { LoadError } from './load-error';
import { StepUpProvider } from './step-up';
import { TwoFactorRequired } from './two-factor-required';

/** Where the console's screens link to; the app knows its paths, the feature does not. */
export interface ConsoleLinks {
  account: (id: string) => string;
  user: (id: string) => string;
  /** The events screen, filtered by an account (its id) or a user (their e-mail). */
  events: (filter: { account?: string; email?: string }) => string;
  /** The operator's own 2FA settings. */
  twoFactor: string;
}

const ConsoleLinksContext = createContext<ConsoleLinks | null>(null);

export function useConsoleLinks(): ConsoleLinks {
  const links = useContext(ConsoleLinksContext);
  if (!links) throw new Error('useConsoleLinks must be inside ConsoleGate');
  return links;
}

/**
 * Opens the console once GET /api/master/session says the operator has 2FA on; until then a
 * spinner, a failed load with a retry, or the screen asking them to turn 2FA on. Below it, the
 * sensitive actions share one "Confirm it's you" dialog.
 */
export function ConsoleGate({ links, children }: { links: ConsoleLinks; children: ReactNode }) {
  const { t } = useTranslation();
  const session = useConsoleSession();
  if (!session.data) {
    if (session.isError)
      return (
        <LoadError
          title={t('master.session_failed')}
          error={session.error}
          onRetry={() => void session.refetch()}
        />
      );
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (!session.data.two_factor) return <TwoFactorRequired setUpHref={links.twoFactor} />;
  return (
    <ConsoleLinksContext value={links}>
      <StepUpProvider>{children}</StepUpProvider>
    </ConsoleLinksContext>
  );
}
