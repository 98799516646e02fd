import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyReveal } from '@partner-portal/shared/api-keys';
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
import { Textarea } from '@/components/ui/textarea';
import { copyText } from '@/lib/copy-text';
import { curlCommand, TRY_IT_SCOPE } from './curl-command';

/**
 * The whole key, right after a create or a roll: the only time it is ever shown (only a hash
 * is stored, docs/product.md#api-keys). A click outside does not close it, so a stray click
 * cannot lose the key; Escape, Done and the corner X do.
 */
export function RevealKeyDialog({
  revealed,
  rolled,
  onClose,
  onCloseAutoFocus,
}: {
  revealed: ApiKeyReveal | null;
  rolled: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={revealed !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onCloseAutoFocus={onCloseAutoFocus}
        onInteractOutside={(event) => event.preventDefault()}
      >
        {revealed ? <RevealedKey revealed={revealed} rolled={rolled} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RevealedKey({ revealed, rolled }: { revealed: ApiKeyReveal; rolled: boolean }) {
  const { t } = useTranslation();
  const command = curlCommand(revealed.key);
  const failed = t('apikeys.reveal.copy_failed');
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {t(rolled ? 'apikeys.reveal.title_rolled' : 'apikeys.reveal.title_created', {
            name: revealed.name,
          })}
        </DialogTitle>
        <DialogDescription>{t('apikeys.reveal.description')}</DialogDescription>
      </DialogHeader>
      <Banner variant="warning" title={t('apikeys.reveal.once')} />
      <div className="grid gap-1.5">
        <Label htmlFor="revealed-key">{t('apikeys.reveal.key')}</Label>
        <div className="flex gap-2">
          <Input
            id="revealed-key"
            readOnly
            value={revealed.key}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button
            variant="outline"
            onClick={() => copyText(revealed.key, { done: t('apikeys.reveal.copied'), failed })}
          >
            <Copy aria-hidden />
            {t('apikeys.reveal.copy')}
          </Button>
        </div>
      </div>
      {rolled ? (
        <p className="text-sm text-muted-foreground">
          {revealed.previous_valid_until
            ? t('apikeys.reveal.previous_until', {
                date: formatCell(revealed.previous_valid_until, 'datetime'),
              })
            : t('apikeys.reveal.previous_stopped')}
        </p>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="revealed-curl">{t('apikeys.reveal.try_it')}</Label>
        <Textarea
          id="revealed-curl"
          readOnly
          rows={3}
          value={command}
          className="min-h-0 resize-none font-mono text-xs break-all"
          aria-describedby={
            revealed.scope.includes(TRY_IT_SCOPE) ? undefined : 'revealed-curl-scope'
          }
          onFocus={(event) => event.currentTarget.select()}
        />
        {revealed.scope.includes(TRY_IT_SCOPE) ? null : (
          <p id="revealed-curl-scope" className="text-xs text-muted-foreground">
            {t('apikeys.reveal.needs_scope', { scope: TRY_IT_SCOPE })}
          </p>
        )}
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          onClick={() => copyText(command, { done: t('apikeys.reveal.copied'), failed })}
        >
          <Copy aria-hidden />
          {t('apikeys.reveal.copy_command')}
        </Button>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button>{t('apikeys.reveal.done')}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
