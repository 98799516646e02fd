import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BillingOverview } from '@partner-portal/shared/billing';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';

/**
 * docs/product.md#states-and-transitions, docs/product.md#errors billing messages: a failed payment asks for a new card, a payment waiting for its
 * holder opens the authentication, a canceled subscription asks for a plan.
 */
export function BillingBanners({
  overview,
  onUpdateCard,
}: {
  overview: BillingOverview;
  onUpdateCard: () => void;
}) {
  const { t } = useTranslation();
  switch (overview.payment_state) {
    case 'requires_payment_method':
      return (
        <Banner
          variant="error"
          title={t('billing.banner.failed_title')}
          action={
            <Button size="sm" onClick={onUpdateCard}>
              {t('billing.card.update')}
            </Button>
          }
        >
          {t('billing.banner.failed_body')}
        </Banner>
      );
    case 'requires_action':
      return (
        <Banner
          variant="warning"
          title={t('billing.banner.action_title')}
          action={
            <Button size="sm" asChild>
              <Link to="/account/billing/authenticate">{t('billing.banner.action_button')}</Link>
            </Button>
          }
        >
          {t('billing.banner.action_body')}
        </Banner>
      );
    case 'canceled':
      return (
        <Banner
          variant="error"
          title={t('billing.banner.canceled_title')}
          action={
            <Button size="sm" asChild>
              <Link to="/account/upgrade">{t('billing.banner.canceled_button')}</Link>
            </Button>
          }
        >
          {t('billing.banner.canceled_body')}
        </Banner>
      );
    default:
      return null;
  }
}
