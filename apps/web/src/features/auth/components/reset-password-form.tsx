import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { completeSignIn } from '../api/complete-sign-in';
import { PASSWORD_LENGTH } from '@partner-portal/shared/field-limits';
import { resetPassword } from '../api/credential-forms';

/**
 * docs/product.md#screens-and-routes "Reset password": a new password, with the link's token hidden. The link names the
 * address it was mailed to, so it is shown and sent as it is; links mailed before they did ask
 * for it (the API checks it against the token's user either way).
 */
export function ResetPasswordForm({ token, email }: { token: string; email: string | null }) {
  const { t } = useTranslation();
  const inputs = useMemo<FormInputs>(
    () => ({
      jwt: { type: 'hidden', value: token },
      email: email
        ? { type: 'hidden', value: email }
        : { type: 'email', label: t('auth.fields.email'), required: true },
      password: {
        type: 'password',
        label: t('auth.reset.new_password'),
        required: true,
        ...PASSWORD_LENGTH,
        description: t('auth.signup.password_hint'),
      },
    }),
    [email, t, token],
  );
  return (
    <div className="grid gap-4">
      {email ? <p className="text-sm break-words">{t('auth.reset.for_email', { email })}</p> : null}
      <Form<SigninResponse>
        inputs={inputs}
        request={resetPassword}
        buttonText={t('auth.reset.submit')}
        onSuccess={completeSignIn}
      />
    </div>
  );
}
