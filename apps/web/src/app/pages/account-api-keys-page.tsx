import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiKeysTable } from '@/features/api-keys/components/api-keys-table';
import { TwoFactorKeyNotice } from '@/features/api-keys/components/two-factor-key-notice';
import { EmbedMarkupPanel } from '@/features/dashboards/components/embed-markup-panel';
import { Page } from '../layouts/page';

/**
 * The developers' corner of the account: API keys (docs/product.md#api-keys) and, below them,
 * the raw embed markup of a dashboard, which used to sit on the dashboards themselves.
 */
export default function AccountApiKeysPage() {
  const { t } = useTranslation();
  return (
    <Page titleKey="titles.apikeys" description={t('apikeys.description')}>
      <TwoFactorKeyNotice />
      <ApiKeysTable />
      <Card>
        <CardHeader>
          <CardTitle>{t('dashboards.markup.title')}</CardTitle>
          <CardDescription>{t('dashboards.markup.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <EmbedMarkupPanel />
        </CardContent>
      </Card>
    </Page>
  );
}
