import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@partner-portal/shared/api-keys';
import { formatCell } from '@/components/ui/data-table-model';
import { ScopeChips } from './scope-chips';

/** What a key may do and from where, for someone who may not change it. */
export function KeyDetails({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation();
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="font-medium">{t('apikeys.columns.scope')}</dt>
      <dd>
        <ScopeChips scopes={apiKey.scope} />
      </dd>
      <dt className="font-medium">{t('apikeys.form.ip_ranges')}</dt>
      <dd className="font-mono text-xs [overflow-wrap:anywhere]">
        {apiKey.allowed_ips.length > 0 ? (
          apiKey.allowed_ips.join(', ')
        ) : (
          <span className="font-sans text-sm text-muted-foreground">
            {t('apikeys.details.any_address')}
          </span>
        )}
      </dd>
      <dt className="font-medium">{t('apikeys.columns.created_by')}</dt>
      <dd>{apiKey.created_by?.name ?? t('apikeys.former_member')}</dd>
      <dt className="font-medium">{t('apikeys.columns.expires_at')}</dt>
      <dd>{apiKey.expires_at ? formatCell(apiKey.expires_at, 'date') : t('apikeys.never')}</dd>
    </dl>
  );
}
