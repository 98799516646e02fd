import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { completeSignIn } from '../api/complete-sign-in';

/** Spec §2 "Reset password": e-mail and new password, with the link's token hidden. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const inputs = useMemo<FormInputs>(
    () => ({
      jwt: { type: 'hidden', value: token },
      email: { type: 'email', label: t('auth.fields.email'), required: true },
      password: {
        type: 'password',
        label: t('auth.reset.new_password'),
        required: true,
        minLength: 8,
        maxLength: 128,
        description: t('auth.signup.password_hint'),
      },
    }),
    [t, token],
  );
  return (
    <Form<SigninResponse>
      inputs={inputs}
      url="/api/auth/password/reset"
      buttonText={t('auth.reset.submit')}
      onSuccess={completeSignIn}
    />
  );
}
