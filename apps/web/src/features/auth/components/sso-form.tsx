import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import type { RequestBody } from '@/lib/api-client';
import { startSingleSignOn } from '../api/credential-forms';

/**
 * The work e-mail of someone whose company signs in through its identity provider: the server
 * answers where that is, and the browser goes there (it comes back to this page with a token).
 */
export function SsoForm({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const inputs = useMemo<FormInputs>(
    () => ({
      email: {
        type: 'email',
        label: t('auth.sso.email'),
        placeholder: t('auth.fields.email_placeholder'),
        required: true,
      },
    }),
    [t],
  );
  return (
    <Form
      inputs={inputs}
      request={(body: RequestBody) =>
        startSingleSignOn(redirect && !(body instanceof FormData) ? { ...body, redirect } : body)
      }
      buttonText={t('auth.sso.submit')}
      onSuccess={(data) => window.location.assign(data.url)}
    />
  );
}
