import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TWO_FACTOR_GRACE_DAYS_MAX,
  type AccountSecurity,
} from '@partner-portal/shared/account-security';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { saveAccountSecurity, useAccountSecurityCache } from '../api/account-security';
import { policyRequestSchema, toPolicyInput, useDateTime } from './policy-values';

/**
 * The switch and the grace in days, checked with the shared request schema. The server's
 * message shows as a toast and its answer replaces the cached policy; a refusal naming a field
 * (`require_2fa` without the owner's own 2FA, `grace_days` out of range) shows under it.
 */
export function PolicyForm({ security }: { security: AccountSecurity }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const { putSecurity } = useAccountSecurityCache();
  // Turning it on needs the owner's own 2FA; turning it off never does.
  const locked = !security.owner_2fa_enabled && !security.require_2fa;
  const since = security.required_since;
  const inputs = useMemo<FormInputs>(
    () => ({
      require_2fa: {
        type: 'switch',
        label: t('security.form.require'),
        description: t('security.form.require_hint'),
        defaultValue: security.require_2fa,
        disabled: locked,
      },
      grace_days: {
        type: 'number',
        label: t('security.form.grace'),
        description: since
          ? t('security.form.grace_hint_on', { date: dateTime(since) })
          : t('security.form.grace_hint', { max: TWO_FACTOR_GRACE_DAYS_MAX }),
        required: true,
        min: 0,
        max: TWO_FACTOR_GRACE_DAYS_MAX,
        defaultValue: String(security.grace_days),
        validation: (value) =>
          Number.isInteger(Number(value)) ? null : t('security.form.grace_whole'),
        // The grace only matters while the policy is on.
        visible: (values) => values.require_2fa === true,
      },
    }),
    [t, dateTime, security.require_2fa, security.grace_days, since, locked],
  );

  return (
    // A disabled fieldset keeps the save button from sending a policy that cannot change.
    <fieldset disabled={locked} className="m-0 min-w-0 border-0 p-0">
      <Form
        inputs={inputs}
        schema={policyRequestSchema}
        request={(body) => saveAccountSecurity(toPolicyInput(body))}
        onSuccess={putSecurity}
        buttonText={t('security.form.save')}
      />
    </fieldset>
  );
}
