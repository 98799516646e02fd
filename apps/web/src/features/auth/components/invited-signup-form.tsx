import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { completeSignIn } from '../api/complete-sign-in';

/** Spec §2 "Signup user": the sign-up form without partner name, e-mail prefilled, invite id hidden. */
export function InvitedSignupForm({ email, inviteId }: { email: string; inviteId: string }) {
  const { t } = useTranslation();
  const inputs = useMemo<FormInputs>(
    () => ({
      invite_id: { type: 'hidden', value: inviteId },
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
      email: {
        type: 'email',
        label: t('auth.fields.email'),
        required: true,
        defaultValue: email,
        readonly: Boolean(email),
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
    [t, email, inviteId],
  );
  return (
    <Form<SigninResponse>
      inputs={inputs}
      url="/api/user"
      buttonText={t('auth.invited.submit')}
      onSuccess={completeSignIn}
    />
  );
}
