import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { completeSignIn } from '../api/complete-sign-in';
import { signIn } from '../api/credential-forms';

export function SigninForm() {
  const { t } = useTranslation();
  const inputs = useMemo<FormInputs>(
    () => ({
      email: {
        type: 'email',
        label: t('auth.fields.email'),
        required: true,
        placeholder: t('auth.fields.email_placeholder'),
      },
      password: {
        type: 'password',
        label: t('auth.fields.password'),
        required: true,
        errorMessage: t('auth.errors.password_required'),
      },
    }),
    [t],
  );
  return (
    <Form<SigninResponse>
      inputs={inputs}
      request={signIn}
      buttonText={t('auth.signin.submit')}
      onSuccess={completeSignIn}
    />
  );
}
