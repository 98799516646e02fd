import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_MESSAGE_MAX_LENGTH, SupportMailInputSchema } from '@partner-portal/shared/support';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/session-store';
import { sendSupportMail } from '../api/support-mail';

/**
 * docs/product.md#screens-and-routes "Help" message form and docs/product.md#api-calls `POST /api/utility/mail` (template "help", the message,
 * and the user's own e-mail and name, so support can reply). Too many messages answer 429,
 * which the central handler shows (docs/product.md#errors).
 */
export function SupportMessageForm() {
  const { t } = useTranslation();
  const session = useSession();
  // A new key per message sent empties the form.
  const [sent, setSent] = useState(0);
  const email = session?.email ?? '';
  const name = session ? `${session.first_name} ${session.last_name}`.trim() : '';
  const inputs = useMemo<FormInputs>(
    () => ({
      template: { type: 'hidden', value: 'help' },
      email: { type: 'hidden', value: email },
      name: { type: 'hidden', value: name },
      message: {
        type: 'textarea',
        label: t('help.contact.message'),
        placeholder: t('help.contact.placeholder'),
        required: true,
        maxLength: HELP_MESSAGE_MAX_LENGTH,
        errorMessage: t('global.form.field.message'),
      },
    }),
    [t, email, name],
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('help.contact.title')}</CardTitle>
        <CardDescription>{t('help.contact.description', { email })}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          key={sent}
          inputs={inputs}
          request={sendSupportMail}
          schema={SupportMailInputSchema}
          buttonText={t('help.contact.send')}
          onSuccess={(_data, message) => {
            // The engine shows the server's message; say something when there is none.
            if (!message) toast({ variant: 'success', title: t('help.contact.sent') });
            setSent((count) => count + 1);
          }}
        />
      </CardContent>
    </Card>
  );
}
