import { useTranslation } from 'react-i18next';
import type { SsoSettings } from '@partner-portal/shared/sso';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyValue } from './copy-value';

/** What the owner types into their identity provider's screen when they add Partner Portal. */
export function ServiceProviderCard({ sp }: { sp: SsoSettings['service_provider'] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('sso.sp.title')}</CardTitle>
        <CardDescription>{t('sso.sp.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CopyValue label={t('sso.sp.oidc_redirect')} value={sp.oidc_redirect_uri} />
        <CopyValue label={t('sso.sp.entity_id')} value={sp.entity_id} />
        <CopyValue label={t('sso.sp.acs')} value={sp.acs_url} />
        <CopyValue label={t('sso.sp.metadata')} value={sp.metadata_url} />
      </CardContent>
    </Card>
  );
}
