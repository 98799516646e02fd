import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmbedMarkupPanel } from '@/features/dashboards/components/embed-markup-panel';
import { Page } from '../layouts/page';

/**
 * The developers' corner of the account: API keys (a later capability, described here) and the
 * raw embed markup of a dashboard, which used to sit on the dashboards themselves.
 */
export default function AccountApiKeysPage() {
  const { t } = useTranslation();
  return (
    <Page titleKey="titles.apikeys">
      <Card>
        <CardHeader>
          <CardTitle>{t('app.pages.apikeys_title')}</CardTitle>
          <CardDescription>{t('app.pages.apikeys')}</CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          {t('app.pages.upcoming_body')}
        </CardContent>
      </Card>
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
