import { KeyRound, Info, LifeBuoy, UsersRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * What the policy leaves alone (docs/product.md#two-factor-policy): API keys, and memberships;
 * and how a member who lost their authenticator gets back in.
 */
export function SecurityHelp() {
  const { t } = useTranslation();
  return (
    <aside
      aria-labelledby="security-help-title"
      className="grid gap-3 rounded-lg border border-border bg-muted/40 p-4 text-sm"
    >
      <h2 id="security-help-title" className="flex items-center gap-2 font-semibold">
        <Info aria-hidden className="size-4 text-info" />
        {t('security.help.title')}
      </h2>
      <ul className="grid gap-2 text-muted-foreground">
        <li className="flex items-start gap-2">
          <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{t('security.help.api_keys')}</span>
        </li>
        <li className="flex items-start gap-2">
          <UsersRound aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{t('security.help.access')}</span>
        </li>
        <li className="flex items-start gap-2">
          <LifeBuoy aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>{t('security.help.recovery')}</span>
        </li>
      </ul>
    </aside>
  );
}
