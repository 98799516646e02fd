import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Banner } from '@/components/ui/banner';
import type { FormRequest } from '@/components/form/use-form-submit';

/** An e-mail field that asks the server to mail a link, then says to check the inbox. */
export function EmailLinkForm({
  request,
  buttonText,
  sentTitle,
}: {
  request: FormRequest<unknown>;
  buttonText: string;
  sentTitle: string;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const inputs = useMemo<FormInputs>(
    () => ({ email: { type: 'email', label: t('auth.fields.email'), required: true } }),
    [t],
  );
  if (sent !== null) {
    return (
      <Banner variant="success" title={sentTitle}>
        {sent}
      </Banner>
    );
  }
  return (
    <Form
      inputs={inputs}
      request={request}
      buttonText={buttonText}
      onSuccess={(_data, message) => setSent(message ?? '')}
    />
  );
}
