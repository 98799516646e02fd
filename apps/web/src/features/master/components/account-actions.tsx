import { useState } from 'react';
import { CreditCard, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConsoleAccount, ConsoleAccountDetail } from '@partner-portal/shared/master';
import { cancelAccountSubscription, disableAccount, enableAccount } from '../api/accounts';
import { ActionButton } from './action-button';
import { ChangePlanDialog } from './change-plan-dialog';
import { DisableToggle } from './disable-toggle';
import { useConfirmedRowAction } from './use-row-action';
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
  const cancel = useConfirmedRowAction(cancelAccountSubscription, 'master.account.cancel');
  const named = { name: account.name };
  const cancellable =
    subscription !== null && subscription.status !== 'canceled' && !account.closed;

  return (
    <div className="flex flex-wrap gap-2">
      {!account.closed ? (
        <ActionButton icon={CreditCard} onClick={() => setPlanOpen(true)}>
          {t('master.account.change_plan.open')}
        </ActionButton>
      ) : null}
      {cancellable ? (
        <ActionButton
          icon={XCircle}
          pending={cancel.pending}
          onClick={() => cancel.run(account.id, named)}
        >
          {t('master.account.cancel.open')}
        </ActionButton>
      ) : null}
      <DisableToggle
        row={account}
        enable={enableAccount}
        disable={disableAccount}
        texts="master.account"
        params={named}
      />
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
