import { useTranslation } from 'react-i18next';
import type { SsoSettings } from '@partner-portal/shared/sso';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CopyValue } from './copy-value';

/** Saves our certificate as a file, for IdPs that take it as an upload (Okta's signed requests). */
function downloadPem(pem: string) {
  const url = URL.createObjectURL(new Blob([pem], { type: 'application/x-pem-file' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'partner-portal-saml.pem';
  link.click();
  URL.revokeObjectURL(url);
}

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
        <CopyValue label={t('sso.sp.certificate')} value={sp.certificate_fingerprint} />
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => downloadPem(sp.certificate)}
          >
            <Download aria-hidden />
            {t('sso.sp.certificate_download')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
