import type { TFunction } from 'i18next';
import type { FormInputs } from '@/components/form/form-definition';

/** The name, e-mail and password fields both sign-up screens share (spec §2). */
export function signupFields(
  t: TFunction,
  email: { defaultValue?: string; readonly?: boolean } = {},
): FormInputs {
  return {
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
    email: { type: 'email', label: t('auth.fields.email'), required: true, ...email },
    password: {
      type: 'password',
      label: t('auth.fields.password'),
      required: true,
      minLength: 8,
      maxLength: 128,
      description: t('auth.signup.password_hint'),
    },
  };
}
