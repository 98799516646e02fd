import { useState } from 'react';
import { Ban, CircleCheck, LifeBuoy, MailCheck, ShieldOff } from 'lucide-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsoleUser } from '@partner-portal/shared/master';
import { Button } from '@/components/ui/button';
import { openConfirmDialog } from '@/components/ui/confirm-dialog-store';
import { disableUser, enableUser, resendVerification, resetTwoFactor } from '../api/users';
import { ImpersonateDialog } from './impersonate-dialog';
import { useSteppedUp, type Stepped } from './step-up';
import { useConsoleRefresh } from './use-console-refresh';

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
  const refresh = useConsoleRefresh();
  const [impersonating, setImpersonating] = useState(false);
  const resend = useMutation({ mutationFn: resendVerification });
  const enable = useMutation({ mutationFn: enableUser });
  const disable = useSteppedUp(disableUser);
  const reset = useSteppedUp(resetTwoFactor);
  const afterStep = {
    onSuccess: (result: Stepped<string | undefined>) => {
      if (result.done) refresh(result.data);
    },
  };

  const confirmDisable = async () => {
    const confirmed = await openConfirmDialog({
      title: t('master.user.disable.title', { email: user.email }),
      description: t('master.user.disable.description'),
      buttonText: t('master.user.disable.confirm'),
      destructive: true,
    });
    if (confirmed) disable.mutate(user.id, afterStep);
  };
  const confirmReset = async () => {
    const confirmed = await openConfirmDialog({
      title: t('master.user.reset_2fa.title', { email: user.email }),
      description: t('master.user.reset_2fa.description', { email: user.email }),
      buttonText: t('master.user.reset_2fa.confirm'),
      destructive: true,
    });
    if (confirmed) reset.mutate(user.id, afterStep);
  };

  const canImpersonate = user.support_access && !user.master;
  return (
    <div className="flex flex-wrap gap-2">
      {canImpersonate ? (
        <Button onClick={() => setImpersonating(true)}>
          <LifeBuoy aria-hidden />
          {t('master.user.impersonate.open')}
        </Button>
      ) : null}
      {!user.verified ? (
        <Button
          variant="outline"
          loading={resend.isPending}
          onClick={() => resend.mutate(user.id, { onSuccess: (message) => refresh(message) })}
        >
          {resend.isPending ? null : <MailCheck aria-hidden />}
          {t('master.user.resend_verification')}
        </Button>
      ) : null}
      {user.two_factor ? (
        <Button variant="outline" loading={reset.isPending} onClick={() => void confirmReset()}>
          {reset.isPending ? null : <ShieldOff aria-hidden />}
          {t('master.user.reset_2fa.open')}
        </Button>
      ) : null}
      {user.disabled ? (
        <Button
          variant="outline"
          loading={enable.isPending}
          onClick={() => enable.mutate(user.id, { onSuccess: (message) => refresh(message) })}
        >
          {enable.isPending ? null : <CircleCheck aria-hidden />}
          {t('master.user.enable')}
        </Button>
      ) : (
        <Button
          variant="destructive"
          loading={disable.isPending}
          onClick={() => void confirmDisable()}
        >
          {disable.isPending ? null : <Ban aria-hidden />}
          {t('master.user.disable.open')}
        </Button>
      )}
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
