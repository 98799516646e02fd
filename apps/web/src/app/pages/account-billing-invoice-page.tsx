import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { InvoiceView } from '@/features/billing/components/invoice-view';
import { Page } from '../layouts/page';

export default function AccountBillingInvoicePage() {
  const { t } = useTranslation();
  const id = useSearchParams()[0].get('id');
  return (
    <Page titleKey="titles.invoice" hideHeading>
      {id ? (
        <InvoiceView id={id} />
      ) : (
        <Banner variant="error" title={t('billing.invoice.not_found')} />
      )}
    </Page>
  );
}
