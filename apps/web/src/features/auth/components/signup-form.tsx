import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { completeSignIn } from '../api/complete-sign-in';
import { signupFields } from './signup-fields';
import { PARTNER_NAME_MAX_LENGTH } from '@partner-portal/shared/field-limits';
import { signUp } from '../api/credential-forms';

/** docs/product.md#screens-and-routes "Signup account": partner name prefilled from ?partner=. */
export function SignupForm({ partner }: { partner?: string }) {
  const { t } = useTranslation();
  const inputs = useMemo<FormInputs>(() => {
    const { password, ...identity } = signupFields(t);
    return {
      ...identity,
      partner_name: {
        type: 'text',
        label: t('auth.fields.partner_name'),
        required: true,
        maxLength: PARTNER_NAME_MAX_LENGTH,
        defaultValue: partner ?? '',
        errorMessage: t('global.form.field.partner_name'),
      },
      ...(password ? { password } : {}),
    };
  }, [t, partner]);
  return (
    <Form<SigninResponse>
      inputs={inputs}
      request={signUp}
      buttonText={t('auth.signup.submit')}
      onSuccess={completeSignIn}
    />
  );
}
