import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMPERSONATION_REASON_MAX_LENGTH,
  IMPERSONATION_REASON_MIN_LENGTH,
  ImpersonateInputSchema,
  type ConsoleUser,
} from '@partner-portal/shared/master';
import type { FormInputs } from '@/components/form/form-definition';
import { impersonateUser } from '../api/users';
import { StepUpFormDialog } from './step-up-form-dialog';

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
  const inputs = useMemo<FormInputs>(
    () => ({
      reason: {
        type: 'textarea',
        label: t('master.user.impersonate.reason'),
        description: t('master.user.impersonate.reason_hint'),
        required: true,
        minLength: IMPERSONATION_REASON_MIN_LENGTH,
        maxLength: IMPERSONATION_REASON_MAX_LENGTH,
      },
    }),
    [t],
  );
  return (
    <StepUpFormDialog
      open={open}
      onClose={onClose}
      texts="master.user.impersonate"
      params={{ email: user.email }}
      inputs={inputs}
      schema={ImpersonateInputSchema}
      action={({ reason }) => impersonateUser({ id: user.id, reason })}
      onDone={onImpersonate}
    />
  );
}
