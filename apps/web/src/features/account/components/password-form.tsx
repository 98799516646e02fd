import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangePasswordInputSchema } from '@partner-portal/shared/identity';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Banner } from '@/components/ui/banner';
import { updateSession, useSession } from '@/lib/session-store';
import { PASSWORD_LENGTH } from '@partner-portal/shared/field-limits';
import { changePassword } from '../api/password';

/**
 * docs/product.md#screens-and-routes "Password": the current password only when the user has one, and a new one under the
 * sign-up rules. The server ends the user's other sessions and mails a notice.
 */
export function PasswordForm() {
  const { t } = useTranslation();
  const session = useSession();
  const hasPassword = session?.has_password ?? true;
  // A new key per save empties the form once the password is stored.
  const [saves, setSaves] = useState(0);
  const inputs = useMemo<FormInputs>(
    () => ({
      has_password: { type: 'hidden', value: hasPassword },
      ...(hasPassword
        ? {
            oldpassword: {
              type: 'password' as const,
              label: t('account.password.current'),
              required: true,
            },
          }
        : {}),
      newpassword: {
        type: 'password',
        label: t('account.password.new'),
        required: true,
        ...PASSWORD_LENGTH,
        description: t('auth.signup.password_hint'),
      },
    }),
    [t, hasPassword],
  );
  return (
    <div className="grid gap-4">
      <Banner
        variant="info"
        title={t(hasPassword ? 'account.password.change_title' : 'account.password.create_title')}
      >
        {t('account.password.sessions_note')}
      </Banner>
      <Form
        key={saves}
        inputs={inputs}
        request={changePassword}
        schema={ChangePasswordInputSchema}
        buttonText={t(
          hasPassword ? 'account.password.submit_change' : 'account.password.submit_create',
        )}
        onSuccess={() => {
          updateSession({ has_password: true });
          setSaves(saves + 1);
        }}
      />
    </div>
  );
}
