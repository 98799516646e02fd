import type { TFunction } from 'i18next';
import type { WebhookDelivery } from '@partner-portal/shared/webhooks';
import type { ToastOptions } from '@/components/ui/toast-store';

/**
 * The toast for "Send test event": delivered or not, with the receiver's status code and how
 * long it took, or, when it never answered (a timeout, a refused address), what went wrong.
 */
export function testOutcomeToast(
  t: TFunction,
  delivery: WebhookDelivery,
  locale: string,
): ToastOptions {
  const delivered = delivery.status === 'succeeded';
  const description =
    delivery.response_status !== null
      ? t('webhooks.test.answer', {
          status: delivery.response_status,
          duration: (delivery.duration_ms ?? 0).toLocaleString(locale),
        })
      : delivery.error
        ? t('webhooks.test.no_answer', { error: delivery.error })
        : undefined;
  return {
    variant: delivered ? 'success' : 'error',
    title: t(delivered ? 'webhooks.test.succeeded' : 'webhooks.test.failed'),
    description,
  };
}
