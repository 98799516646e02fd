import { useRef } from 'react';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookDeliveryStatus } from '@partner-portal/shared/webhooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useRetryDelivery } from '../api/webhooks';

const VARIANTS: Record<WebhookDeliveryStatus, 'info' | 'success' | 'error'> = {
  pending: 'info',
  succeeded: 'success',
  failed: 'error',
};

/**
 * A delivery's status and, on a failed one, the button that sends it again. Once it is queued
 * the row turns pending and the button goes: focus moves to the status, not to the page's top.
 */
export function DeliveryStatusCell({
  endpointId,
  delivery,
  rowLabel,
}: {
  endpointId: string;
  delivery: WebhookDelivery;
  rowLabel: string;
}) {
  const { t } = useTranslation();
  const retry = useRetryDelivery(endpointId);
  const cell = useRef<HTMLSpanElement>(null);
  return (
    // Stacked, not side by side: the button would otherwise widen the column past the panel.
    <span
      ref={cell}
      tabIndex={-1}
      className="inline-flex flex-col items-start gap-1.5 outline-none"
    >
      <Badge variant={VARIANTS[delivery.status]} data-status={delivery.status}>
        {t(`webhooks.deliveries.statuses.${delivery.status}`)}
      </Badge>
      {delivery.status === 'failed' ? (
        <Button
          variant="outline"
          size="sm"
          loading={retry.isPending}
          aria-label={t('webhooks.deliveries.resend_label', { row: rowLabel })}
          onClick={() =>
            retry.mutate(delivery.id, {
              onSuccess: (answer) => {
                cell.current?.focus();
                toast({
                  variant: 'success',
                  title: answer.message ?? t('webhooks.deliveries.resent'),
                });
              },
            })
          }
        >
          <RotateCw aria-hidden />
          {t('webhooks.deliveries.resend')}
        </Button>
      ) : null}
    </span>
  );
}
