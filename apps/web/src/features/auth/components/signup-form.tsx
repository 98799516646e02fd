import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { completeSignIn } from '../api/complete-sign-in';

/** Spec §2 "Signup account": partner name prefilled from ?partner=. */
export function SignupForm({ partner }: { partner?: string }) {
  const { t } = useTranslation();
  const inputs = useMemo<FormInputs>(
    () => ({
      first_name: {
        type: 'text',
        label: t('auth.fields.first_name'),
        required: true,
        maxLength: 100,
        errorMessage: t('global.form.field.first_name'),
      },
      last_name: {
        type: 'text',
        label: t('auth.fields.last_name'),
        required: true,
        maxLength: 100,
        errorMessage: t('global.form.field.last_name'),
      },
      email: { type: 'email', label: t('auth.fields.email'), required: true },
      partner_name: {
        type: 'text',
        label: t('auth.fields.partner_name'),
        required: true,
        maxLength: 200,
        defaultValue: partner ?? '',
        errorMessage: t('global.form.field.partner_name'),
      },
      password: {
        type: 'password',
        label: t('auth.fields.password'),
        required: true,
        minLength: 8,
        maxLength: 128,
        description: t('auth.signup.password_hint'),
      },
    }),
    [t, partner],
  );
  return (
    <Form<SigninResponse>
      inputs={inputs}
      url="/api/account"
      buttonText={t('auth.signup.submit')}
      onSuccess={completeSignIn}
    />
  );
}
