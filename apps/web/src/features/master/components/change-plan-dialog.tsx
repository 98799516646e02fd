import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePlanInputSchema, type ConsoleAccount } from '@partner-portal/shared/master';
import { PLANS } from '@partner-portal/shared/plan-rules';
import type { FormInputs } from '@/components/form/form-definition';
import { changeAccountPlan } from '../api/accounts';
import { StepUpFormDialog } from './step-up-form-dialog';

/**
 * ★ Change an account's plan: the plans of the catalogue (the current one marked), then the
 * change, which follows the owner's own plan rules through the payment provider.
 */
export function ChangePlanDialog({
  account,
  open,
  onClose,
  onChanged,
}: {
  account: ConsoleAccount;
  open: boolean;
  onClose: () => void;
  onChanged: (message: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const inputs = useMemo<FormInputs>(
    () => ({
      plan: {
        type: 'select',
        label: t('master.account.change_plan.plan'),
        required: true,
        defaultValue: account.plan ?? '',
        options: PLANS.map((plan) => ({
          value: plan.id,
          label:
            plan.id === account.plan
              ? t('master.account.change_plan.current', { plan: plan.name })
              : plan.name,
        })),
        validation: (value) =>
          value === account.plan ? t('master.account.change_plan.same') : null,
      },
    }),
    [t, account.plan],
  );
  return (
    <StepUpFormDialog
      open={open}
      onClose={onClose}
      texts="master.account.change_plan"
      params={{ name: account.name }}
      inputs={inputs}
      schema={ConsolePlanInputSchema}
      action={({ plan }) => changeAccountPlan({ id: account.id, plan })}
      onDone={onChanged}
    />
  );
}
