import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { closeConfirmDialog, useConfirmDialogState } from './confirm-dialog-store';
import { overlayClasses } from './dialog';
import { useReturnFocus } from './use-return-focus';

/** Mounted once by the app; shows whatever openConfirmDialog() asked for. */
export function ConfirmDialogHost() {
  const { t } = useTranslation();
  const { open, options } = useConfirmDialogState();
  // Opened from code, not a trigger: give focus back to whatever had it (e.g. a row menu button).
  const returnFocus = useReturnFocus();
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => (next ? undefined : closeConfirmDialog(false))}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          // Without a description Radix must be told there is none, or it warns.
          {...(options?.description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-xl data-[state=open]:animate-fade-in"
        >
          <AlertDialog.Title className="text-lg font-semibold">{options?.title}</AlertDialog.Title>
          {options?.description ? (
            <AlertDialog.Description className="text-sm text-muted-foreground">
              {options.description}
            </AlertDialog.Description>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{t('ui.confirm.cancel')}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                variant={options?.destructive ? 'destructive' : 'default'}
                onClick={(event) => {
                  event.preventDefault();
                  closeConfirmDialog(true);
                }}
              >
                {options?.buttonText ?? t('ui.confirm.confirm')}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
