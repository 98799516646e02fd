import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { navigateTo } from '@/lib/navigation';
import { billingKeys, billingOverviewQueryOptions } from '../api/billing-api';
import { AuthenticationDialogHost } from './authentication-dialog';
import { authenticateWith } from './payment-authentication';
import { formatMoney } from '@partner-portal/shared/money';

/**
 * /account/billing/authenticate, from the banner and the payment mail: a renewal that waits for
 * its cardholder, approved here whenever they come back to it.
 */
export function PendingPayment() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(billingOverviewQueryOptions());
  const [outcome, setOutcome] = useState<'fail' | 'dismissed' | null>(null);
  if (isPending) return <Spinner label={t('ui.loading')} />;
  const action = data?.pending_action;
  if (!action) {
    return (
      <div className="grid gap-4">
        <Banner variant="success" title={t('billing.pending.none')} />
        <Button asChild className="w-fit">
          <Link to="/account/billing">{t('billing.invoice.back')}</Link>
        </Button>
      </div>
    );
  }
  const approve = async () => {
    const answer = await authenticateWith(
      { provider: data.provider, publishable_key: data.publishable_key },
      action,
    );
    await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    if (answer === 'complete') {
      toast({ variant: 'success', title: t('billing.pending.done') });
      navigateTo('/account/billing');
    } else {
      setOutcome(answer);
    }
  };
  return (
    <div className="grid max-w-xl gap-4">
      <p className="text-sm">
        {t('billing.pending.body', {
          amount: formatMoney(action.amount, action.currency, i18n.language),
        })}
      </p>
      {outcome === 'fail' ? (
        <Banner variant="error" title={t('billing.authenticate.failed')} />
      ) : null}
      <Button className="w-fit" onClick={() => void approve()}>
        {t('billing.banner.action_button')}
      </Button>
      <AuthenticationDialogHost />
    </div>
  );
}
