import type { TFunction } from 'i18next';
import type { FormInputs } from '@/components/form/form-definition';
import { NAME_LENGTH, PASSWORD_LENGTH } from '@partner-portal/shared/field-limits';

/** The name, e-mail and password fields both sign-up screens share (docs/product.md#screens-and-routes). */
export function signupFields(
  t: TFunction,
  email: { defaultValue?: string; readonly?: boolean } = {},
): FormInputs {
  return {
    first_name: {
      type: 'text',
      label: t('auth.fields.first_name'),
      required: true,
      ...NAME_LENGTH,
      errorMessage: t('global.form.field.first_name'),
    },
    last_name: {
      type: 'text',
      label: t('auth.fields.last_name'),
      required: true,
      ...NAME_LENGTH,
      errorMessage: t('global.form.field.last_name'),
    },
    email: { type: 'email', label: t('auth.fields.email'), required: true, ...email },
    password: {
      type: 'password',
      label: t('auth.fields.password'),
      required: true,
      ...PASSWORD_LENGTH,
      description: t('auth.signup.password_hint'),
    },
  };
}
