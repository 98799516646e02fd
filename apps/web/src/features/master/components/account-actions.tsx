import { useState } from 'react';
import { Ban, CircleCheck, CreditCard, XCircle } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsoleAccount, ConsoleAccountDetail } from '@partner-portal/shared/master';
import { Button } from '@/components/ui/button';
import { openConfirmDialog } from '@/components/ui/confirm-dialog-store';
import { cancelAccountSubscription, disableAccount, enableAccount } from '../api/accounts';
import { ChangePlanDialog } from './change-plan-dialog';
import { useSteppedUp, type Stepped } from './step-up';
import { useConsoleRefresh } from './use-console-refresh';

/**
 * An account's actions: change the plan ★, cancel the subscription now ★ (while it has one
 * that has not ended), disable ★ or enable. Each answers a message, shown as a toast, and the
 * console reads the account again.
 */
export function AccountActions({
  account,
  subscription,
}: {
  account: ConsoleAccount;
  subscription: ConsoleAccountDetail['subscription'];
}) {
  const { t } = useTranslation();
  const refresh = useConsoleRefresh();
  const [planOpen, setPlanOpen] = useState(false);
  const cancel = useSteppedUp(cancelAccountSubscription);
  const disable = useSteppedUp(disableAccount);
  const enable = useMutation({ mutationFn: enableAccount });
  const afterStep = {
    onSuccess: (result: Stepped<string | undefined>) => {
      if (result.done) refresh(result.data);
    },
  };

  const confirmCancel = async () => {
    const confirmed = await openConfirmDialog({
      title: t('master.account.cancel.title', { name: account.name }),
      description: t('master.account.cancel.description'),
      buttonText: t('master.account.cancel.confirm'),
      destructive: true,
    });
    if (confirmed) cancel.mutate(account.id, afterStep);
  };
  const confirmDisable = async () => {
    const confirmed = await openConfirmDialog({
      title: t('master.account.disable.title', { name: account.name }),
      description: t('master.account.disable.description'),
      buttonText: t('master.account.disable.confirm'),
      destructive: true,
    });
    if (confirmed) disable.mutate(account.id, afterStep);
  };
  const cancellable =
    subscription !== null && subscription.status !== 'canceled' && !account.closed;

  return (
    <div className="flex flex-wrap gap-2">
      {!account.closed ? (
        <Button variant="outline" onClick={() => setPlanOpen(true)}>
          <CreditCard aria-hidden />
          {t('master.account.change_plan.open')}
        </Button>
      ) : null}
      {cancellable ? (
        <Button variant="outline" loading={cancel.isPending} onClick={() => void confirmCancel()}>
          {cancel.isPending ? null : <XCircle aria-hidden />}
          {t('master.account.cancel.open')}
        </Button>
      ) : null}
      {account.disabled ? (
        <Button
          variant="outline"
          loading={enable.isPending}
          onClick={() => enable.mutate(account.id, { onSuccess: (message) => refresh(message) })}
        >
          {enable.isPending ? null : <CircleCheck aria-hidden />}
          {t('master.account.enable')}
        </Button>
      ) : (
        <Button
          variant="destructive"
          loading={disable.isPending}
          onClick={() => void confirmDisable()}
        >
          {disable.isPending ? null : <Ban aria-hidden />}
          {t('master.account.disable.open')}
        </Button>
      )}
      <ChangePlanDialog
        account={account}
        open={planOpen}
        onClose={() => setPlanOpen(false)}
        onChanged={(message) => {
          setPlanOpen(false);
          refresh(message);
        }}
      />
    </div>
  );
}
