import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookReveal } from '@partner-portal/shared/webhooks';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { formatCell } from '@/components/ui/data-table-model';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { copyText } from '@/lib/copy-text';

/**
 * The signing secret, right after an endpoint is added or its secret rotated: the only time it
 * is ever shown. A click outside does not close it, so a stray click cannot lose the secret;
 * Escape, Done and the corner X do.
 */
export function RevealSecretDialog({
  revealed,
  rotated,
  onClose,
  onCloseAutoFocus,
}: {
  revealed: WebhookReveal | null;
  rotated: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={revealed !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        onInteractOutside={(event) => event.preventDefault()}
      >
        {revealed ? <RevealedSecret revealed={revealed} rotated={rotated} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RevealedSecret({ revealed, rotated }: { revealed: WebhookReveal; rotated: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {t(rotated ? 'webhooks.reveal.title_rotated' : 'webhooks.reveal.title_created')}
        </DialogTitle>
        <DialogDescription>{t('webhooks.reveal.description')}</DialogDescription>
      </DialogHeader>
      <p className="font-mono text-xs break-all text-muted-foreground">{revealed.url}</p>
      <Banner variant="warning" title={t('webhooks.reveal.once')} />
      <div className="grid gap-1.5">
        <Label htmlFor="revealed-webhook-secret">{t('webhooks.reveal.secret')}</Label>
        <div className="flex gap-2">
          <Input
            id="revealed-webhook-secret"
            readOnly
            value={revealed.secret}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            variant="outline"
            onClick={() =>
              copyText(revealed.secret, {
                done: t('webhooks.reveal.copied'),
                failed: t('webhooks.reveal.copy_failed'),
              })
            }
          >
            <Copy aria-hidden />
            {t('webhooks.reveal.copy')}
          </Button>
        </div>
      </div>
      {rotated && revealed.previous_secret_expires_at ? (
        <p className="text-sm text-muted-foreground">
          {t('webhooks.reveal.previous_until', {
            date: formatCell(revealed.previous_secret_expires_at, 'datetime'),
          })}
        </p>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button>{t('webhooks.reveal.done')}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
