import { PendingPayment } from '@/features/billing/components/pending-payment';
import { Page } from '../layouts/page';

export default function AccountBillingAuthenticatePage() {
  return (
    <Page titleKey="titles.authenticate_payment">
      <PendingPayment />
    </Page>
  );
}
