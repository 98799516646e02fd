import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogClose } from './dialog';

/**
 * The form puts its submit button after its children: from `sm` on the last two (Cancel, then
 * the submit) share the bottom row at the right, as in a dialog footer; on phones Cancel drops
 * below the submit, as DialogFooter stacks them.
 */
export const DIALOG_FORM_CLASSES =
  'sm:grid-cols-[1fr_auto_auto] sm:[&>*]:col-span-full sm:[&>*:nth-last-child(-n+2)]:col-span-1 sm:[&>*:nth-last-child(2)]:col-start-2';

/**
 * Closes through the dialog, so focus goes back where the dialog was opened from. The label
 * comes from the feature, in its own words.
 */
export function CancelButton({ children }: { children: ReactNode }) {
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline" className="order-last w-full sm:order-none sm:w-auto">
        {children}
      </Button>
    </DialogClose>
  );
}
