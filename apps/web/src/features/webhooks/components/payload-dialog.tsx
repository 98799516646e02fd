import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery } from '@partner-portal/shared/webhooks';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { copyText } from '@/lib/copy-text';

/** The JSON body a delivery carries, as the receiver got it, to read or copy. */
export function PayloadDialog({
  delivery,
  onClose,
}: {
  delivery: WebhookDelivery | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  // Opened from a row's menu, not a trigger of its own: focus goes back to that menu's button.
  const returnFocus = useReturnFocus();
  const json = delivery ? JSON.stringify(delivery.payload, null, 2) : '';
  return (
    <Dialog open={delivery !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent {...returnFocus}>
        {delivery ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('webhooks.payload.title', { type: delivery.type })}</DialogTitle>
              <DialogDescription className="[overflow-wrap:anywhere]">
                {t('webhooks.payload.description', { id: delivery.message_id })}
              </DialogDescription>
            </DialogHeader>
            {/* Focusable, so a keyboard can scroll a payload longer or wider than the box. */}
            <pre
              tabIndex={0}
              aria-label={t('webhooks.payload.title', { type: delivery.type })}
              className="max-h-80 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <code>{json}</code>
            </pre>
            <DialogFooter>
              <Button
                variant="outline"
                onClick={() =>
                  copyText(json, {
                    done: t('webhooks.reveal.copied'),
                    failed: t('webhooks.reveal.copy_failed'),
                  })
                }
              >
                <Copy aria-hidden />
                {t('webhooks.payload.copy')}
              </Button>
              <DialogClose asChild>
                <Button>{t('webhooks.payload.close')}</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
