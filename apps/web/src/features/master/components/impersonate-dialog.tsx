import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMPERSONATION_REASON_MAX_LENGTH,
  ImpersonateInputSchema,
  type ConsoleUser,
} from '@partner-portal/shared/master';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { impersonateUser } from '../api/users';
import { CancelButton, DIALOG_FORM_CLASSES } from './dialog-form';
import { useStepUpRunner } from './step-up';

/** The contract's shortest reason (ImpersonateInputSchema). */
const REASON_MIN_LENGTH = 5;

/**
 * ★ Act as a user who allowed support access: the reason is required (it goes into their
 * account's audit log), then the sign-in link the server mints goes to `onImpersonate`.
 */
export function ImpersonateDialog({
  user,
  open,
  onClose,
  onImpersonate,
}: {
  user: ConsoleUser;
  open: boolean;
  onClose: () => void;
  onImpersonate: (url: string) => void;
}) {
  const { t } = useTranslation();
  const run = useStepUpRunner();
  // Opened from a button, not a trigger: focus goes back to it when the dialog closes.
  const returnFocus = useReturnFocus();
  const inputs = useMemo<FormInputs>(
    () => ({
      reason: {
        type: 'textarea',
        label: t('master.user.impersonate.reason'),
        description: t('master.user.impersonate.reason_hint'),
        required: true,
        minLength: REASON_MIN_LENGTH,
        maxLength: IMPERSONATION_REASON_MAX_LENGTH,
      },
    }),
    [t],
  );
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent {...returnFocus}>
        <DialogHeader>
          <DialogTitle>{t('master.user.impersonate.title', { email: user.email })}</DialogTitle>
          <DialogDescription>{t('master.user.impersonate.description')}</DialogDescription>
        </DialogHeader>
        {open ? (
          <Form
            inputs={inputs}
            schema={ImpersonateInputSchema}
            buttonText={t('master.user.impersonate.submit')}
            className={DIALOG_FORM_CLASSES}
            callback={async (values) => {
              const { reason } = ImpersonateInputSchema.parse({ reason: values.reason });
              const result = await run(() => impersonateUser({ id: user.id, reason }));
              if (result.done) onImpersonate(result.data);
            }}
          >
            <CancelButton />
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
