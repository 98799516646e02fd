import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePlanInputSchema, type ConsoleAccount } from '@partner-portal/shared/master';
import { PLANS } from '@partner-portal/shared/plan-rules';
import { Form } from '@/components/form/form';
import type { FormInputs } from '@/components/form/form-definition';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { changeAccountPlan } from '../api/accounts';
import { CancelButton, DIALOG_FORM_CLASSES } from './dialog-form';
import { useStepUpRunner } from './step-up';

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
  const run = useStepUpRunner();
  // Opened from a button, not a trigger: focus goes back to it when the dialog closes.
  const returnFocus = useReturnFocus();
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
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent {...returnFocus}>
        <DialogHeader>
          <DialogTitle>{t('master.account.change_plan.title', { name: account.name })}</DialogTitle>
          <DialogDescription>{t('master.account.change_plan.description')}</DialogDescription>
        </DialogHeader>
        {open ? (
          <Form
            inputs={inputs}
            schema={ConsolePlanInputSchema}
            buttonText={t('master.account.change_plan.submit')}
            className={DIALOG_FORM_CLASSES}
            callback={async (values) => {
              const { plan } = ConsolePlanInputSchema.parse({ plan: values.plan });
              const result = await run(() => changeAccountPlan({ id: account.id, plan }));
              if (result.done) onChanged(result.data);
            }}
          >
            <CancelButton />
          </Form>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
