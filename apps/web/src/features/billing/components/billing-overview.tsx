import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Spinner } from '@/components/ui/spinner';
import { billingOverviewQueryOptions } from '../api/billing-api';
import { AuthenticationDialogHost } from './authentication-dialog';
import { BillingBanners } from './billing-banners';
import { InvoicesTable } from './invoices-table';
import { PaymentCard } from './payment-card';
import { SubscriptionCard } from './subscription-card';

/** The owner's billing screen (docs/billing.md): messages, plan, card, invoices. */
export function BillingOverviewScreen() {
  const { t } = useTranslation();
  const { data, isPending, isError } = useQuery(billingOverviewQueryOptions());
  const [updatingCard, setUpdatingCard] = useState(false);
  if (isPending) return <Spinner label={t('ui.loading')} />;
  if (isError) return <Banner variant="error" title={t('billing.overview.failed')} />;
  return (
    <div className="grid gap-6">
      <BillingBanners overview={data} onUpdateCard={() => setUpdatingCard(true)} />
      <SubscriptionCard overview={data} />
      <PaymentCard
        card={data.card}
        payments={{ provider: data.provider, publishable_key: data.publishable_key }}
        updating={updatingCard}
        onUpdatingChange={setUpdatingCard}
      />
      <InvoicesTable />
      <AuthenticationDialogHost />
    </div>
  );
}
