import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';

/**
 * The form puts its submit button after its children: from `sm` on the last two (Cancel, then
 * the submit) share the bottom row at the right, as in a dialog footer; on phones Cancel drops
 * below the submit, as DialogFooter stacks them. (As the API keys' dialogs lay theirs out.)
 */
export const DIALOG_FORM_CLASSES =
  'sm:grid-cols-[1fr_auto_auto] sm:[&>*]:col-span-full sm:[&>*:nth-last-child(-n+2)]:col-span-1 sm:[&>*:nth-last-child(2)]:col-start-2';

/** Closes through the dialog, so focus goes back where the dialog was opened from. */
export function CancelButton() {
  const { t } = useTranslation();
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline" className="order-last w-full sm:order-none sm:w-auto">
        {t('master.cancel')}
      </Button>
    </DialogClose>
  );
}
