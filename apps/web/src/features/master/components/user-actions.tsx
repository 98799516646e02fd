import { useState } from 'react';
import { LifeBuoy, MailCheck, ShieldOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ConsoleUser } from '@partner-portal/shared/master';
import { disableUser, enableUser, resendVerification, resetTwoFactor } from '../api/users';
import { ActionButton } from './action-button';
import { DisableToggle } from './disable-toggle';
import { ImpersonateDialog } from './impersonate-dialog';
import { useConfirmedRowAction, useRowAction } from './use-row-action';

/**
 * A user's actions, those that apply: resend the verification mail (not verified yet), reset
 * 2FA ★ (while on), act as them ★ (only when they allowed support access, and never another
 * operator), disable ★ or enable.
 */
export function UserActions({
  user,
  onImpersonate,
}: {
  user: ConsoleUser;
  onImpersonate: (url: string) => void;
}) {
  const { t } = useTranslation();
  const [impersonating, setImpersonating] = useState(false);
  const resend = useRowAction(resendVerification);
  const reset = useConfirmedRowAction(resetTwoFactor, 'master.user.reset_2fa');
  const named = { email: user.email };

  const canImpersonate = user.support_access && !user.master;
  return (
    <div className="flex flex-wrap gap-2">
      {canImpersonate ? (
        <ActionButton icon={LifeBuoy} variant="default" onClick={() => setImpersonating(true)}>
          {t('master.user.impersonate.open')}
        </ActionButton>
      ) : null}
      {!user.verified ? (
        <ActionButton icon={MailCheck} pending={resend.pending} onClick={() => resend.run(user.id)}>
          {t('master.user.resend_verification')}
        </ActionButton>
      ) : null}
      {user.two_factor ? (
        <ActionButton
          icon={ShieldOff}
          pending={reset.pending}
          onClick={() => reset.run(user.id, named)}
        >
          {t('master.user.reset_2fa.open')}
        </ActionButton>
      ) : null}
      <DisableToggle
        row={user}
        enable={enableUser}
        disable={disableUser}
        texts="master.user"
        params={named}
      />
      {canImpersonate ? (
        <ImpersonateDialog
          user={user}
          open={impersonating}
          onClose={() => setImpersonating(false)}
          onImpersonate={onImpersonate}
        />
      ) : null}
    </div>
  );
}
