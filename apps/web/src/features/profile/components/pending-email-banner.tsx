import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { handleApiError } from '@/lib/error-handler';
import { requestVerificationEmail, updateProfile } from '@/lib/profile-api';
import { useSession } from '@/lib/session-store';

type Busy = 'resend' | 'cancel' | null;

/**
 * A new e-mail waits for its mailbox to confirm it; until then the user signs in with the old
 * one. The banner says so, sends the link again (POST /api/user/verify/request mails the pending
 * address) or withdraws the change (the current address sent back as `email`).
 */
export function PendingEmailBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const [busy, setBusy] = useState<Busy>(null);
  const pending = session?.pending_email;
  if (!session || !pending) return null;

  const run = async (kind: Exclude<Busy, null>, action: () => Promise<string>) => {
    setBusy(kind);
    try {
      toast({ variant: 'success', title: await action() });
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(null);
    }
  };
  const resend = () =>
    run('resend', async () => {
      const message = await requestVerificationEmail();
      return message ?? t('profile.pending.resent', { email: pending });
    });
  const cancel = () =>
    run('cancel', async () => {
      await updateProfile({ email: session.email });
      return t('profile.pending.cancelled', { email: session.email });
    });

  return (
    <Banner variant="info" title={t('profile.pending.title')}>
      <p>{t('profile.pending.body', { email: pending, current: session.email })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          loading={busy === 'resend'}
          disabled={busy !== null}
          onClick={() => void resend()}
        >
          {t('profile.pending.resend')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          loading={busy === 'cancel'}
          disabled={busy !== null}
          onClick={() => void cancel()}
        >
          {t('profile.pending.cancel')}
        </Button>
      </div>
    </Banner>
  );
}
