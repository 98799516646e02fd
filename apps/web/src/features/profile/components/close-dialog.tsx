import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import type { FormValues } from '@/components/form/use-form-submit';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { navigateTo } from '@/lib/navigation';
import { clearSession } from '@/lib/session-store';
import { closeMembership } from '../api/close-membership';
import { PASSWORD_PROOF_MAX_LENGTH } from '@partner-portal/shared/field-limits';

// The profile form on the same page already has an `email` field (and field ids follow names),
// so the confirmation field gets its own name and a server error naming `password`/`email` is
// moved onto it.
const PASSWORD_FIELD = 'close_password';
const EMAIL_FIELD = 'close_email';

/**
 * docs/product.md#states-and-transitions confirmation dialog, with a field the generic one cannot hold: closing needs the
 * password (docs/product.md#validation-rules), or the user's own e-mail address when they have no password. On success
 * this browser forgets the user (the server already ended every session) and shows sign-in.
 */
export function CloseDialog({
  isOwner,
  hasPassword,
  texts,
}: {
  isOwner: boolean;
  hasPassword: boolean;
  texts: { button: string; title: string; description: string; confirm: string };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const field = hasPassword ? PASSWORD_FIELD : EMAIL_FIELD;
  const inputs = useMemo<FormInputs>(() => {
    const confirmation: FormInputs[string] = hasPassword
      ? {
          type: 'password',
          label: t('profile.danger.password_label'),
          required: true,
          maxLength: PASSWORD_PROOF_MAX_LENGTH,
          errorMessage: t('global.form.field.password'),
        }
      : {
          type: 'email',
          label: t('profile.danger.email_label'),
          description: t('profile.danger.email_hint'),
          required: true,
          errorMessage: t('global.form.field.email'),
        };
    return { [field]: confirmation };
  }, [t, hasPassword, field]);

  const close = async (values: FormValues) => {
    const typed = String(values[field] ?? '');
    let message: string | undefined;
    try {
      message = await closeMembership(
        isOwner,
        hasPassword ? { password: typed } : { email: typed.trim().toLowerCase() },
      );
    } catch (error) {
      if (error instanceof ApiError && error.inputError === (hasPassword ? 'password' : 'email')) {
        throw new ApiError(error.status, error.message, { inputError: field });
      }
      throw error;
    }
    clearSession();
    toast({ variant: 'success', title: message ?? t('profile.danger.closed') });
    navigateTo('/signin', { replace: true });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="destructive" className="w-full sm:w-auto">
          {texts.button}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        {/* The submit button is the destructive action here, so it takes the destructive colours. */}
        <Form
          inputs={inputs}
          callback={close}
          buttonText={texts.confirm}
          className="[&_button[type=submit]]:bg-destructive [&_button[type=submit]]:text-destructive-foreground [&_button[type=submit]]:hover:bg-destructive/90"
        />
      </DialogContent>
    </Dialog>
  );
}
