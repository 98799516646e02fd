import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { useSession } from '@/lib/session-store';
import { useApiKeys } from '../api/api-keys';

/**
 * Why keys stop under the account's 2FA policy (docs/product.md#two-factor-policy): a key acts
 * as its creator, so past the deadline a creator without 2FA has their keys refused too. Before
 * the deadline the viewer without 2FA is told theirs will stop; after it, whoever manages the
 * keys sees which ones answer 403 and why. The way to set 2FA up is the app-wide banner's.
 */
export function TwoFactorKeyNotice() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const keys = useApiKeys();
  const stopped = (keys.data ?? []).filter(
    (key) => key.two_factor_required && key.status === 'active',
  );
  const deadline = session?.two_factor_deadline;
  const mine = session && deadline && !session['2fa_enabled'] ? deadline : null;
  if (!session || (!mine && stopped.length === 0)) return null;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    stopped.map((key) => key.name),
  );
  return (
    <>
      {mine ? (
        <Banner variant="warning" title={t('apikeys.two_factor.yours_title')}>
          {t('apikeys.two_factor.yours', {
            account: session.account_name,
            date: new Intl.DateTimeFormat(i18n.language, {
              dateStyle: 'long',
              timeStyle: 'short',
            }).format(new Date(mine)),
          })}
        </Banner>
      ) : null}
      {stopped.length > 0 ? (
        <Banner variant="warning" title={t('apikeys.two_factor.stopped_title')}>
          {t('apikeys.two_factor.stopped', { names, account: session.account_name })}
        </Banner>
      ) : null}
    </>
  );
}
