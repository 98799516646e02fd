import { useTranslation } from 'react-i18next';
import { WEBHOOKS_PLAN } from '@partner-portal/shared/plan-rules';
import { WebhooksSettings } from '@/features/webhooks/components/webhooks-settings';
import { Page } from '../layouts/page';
import { paths } from '../route-table';

/** Outbound webhooks (docs/product.md#webhooks), for developers and the owner. */
export default function AccountWebhooksPage() {
  const { t } = useTranslation();
  return (
    <Page titleKey="titles.webhooks" description={t('webhooks.description')}>
      <WebhooksSettings upgradePath={`${paths.accountUpgrade}?plan=${WEBHOOKS_PLAN}`} />
    </Page>
  );
}
