import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { completeSignIn } from '../api/complete-sign-in';
import { signupFields } from './signup-fields';
import { signUpInvited } from '../api/credential-forms';

/** docs/product.md#screens-and-routes "Signup user": the sign-up form without partner name, e-mail prefilled, invite id hidden. */
export function InvitedSignupForm({ email, inviteId }: { email: string; inviteId: string }) {
  const { t } = useTranslation();
  const inputs = useMemo<FormInputs>(
    () => ({
      invite_id: { type: 'hidden', value: inviteId },
      ...signupFields(t, { defaultValue: email, readonly: Boolean(email) }),
    }),
    [t, email, inviteId],
  );
  return (
    <Form<SigninResponse>
      inputs={inputs}
      request={signUpInvited}
      buttonText={t('auth.invited.submit')}
      onSuccess={completeSignIn}
    />
  );
}
