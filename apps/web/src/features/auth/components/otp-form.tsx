import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SigninResponse } from '@partner-portal/shared/identity';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { Button } from '@/components/ui/button';
import { completeSignIn } from '../api/complete-sign-in';
import { CODE_LENGTH } from '@partner-portal/shared/field-limits';
import { signInWithCode } from '../api/credential-forms';

/** docs/product.md#screens-and-routes "OTP": the 6-character code in 3+3 boxes, or the backup code typed as text. */
export function OtpForm({ challenge }: { challenge: string }) {
  const { t } = useTranslation();
  const [backup, setBackup] = useState(false);
  const inputs = useMemo<FormInputs>(
    () => ({
      jwt: { type: 'hidden', value: challenge },
      code: backup
        ? {
            type: 'text',
            label: t('auth.otp.backup_label'),
            required: true,
            ...CODE_LENGTH,
          }
        : { type: 'otp', label: t('auth.otp.code_label'), required: true },
    }),
    [backup, challenge, t],
  );
  return (
    <div className="grid gap-4">
      <Form<SigninResponse>
        key={backup ? 'backup' : 'code'}
        inputs={inputs}
        request={signInWithCode}
        buttonText={t('auth.otp.submit')}
        onSuccess={completeSignIn}
      />
      <Button variant="link" className="w-fit px-0" onClick={() => setBackup(!backup)}>
        {backup ? t('auth.otp.use_code') : t('auth.otp.use_backup')}
      </Button>
    </div>
  );
}
