import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Page } from '../layouts/page';

/**
 * A route whose screen arrives with a later capability: its layout, title and a description of
 * what it will hold, so the navigation and guards can be used end to end today.
 */
export function UpcomingPage({
  titleKey,
  descriptionKey,
}: {
  titleKey: string;
  descriptionKey: string;
}) {
  const { t } = useTranslation();
  return (
    <Page titleKey={titleKey}>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('app.pages.upcoming_title')}</CardTitle>
          <CardDescription>{t(descriptionKey)}</CardDescription>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          {t('app.pages.upcoming_body')}
        </CardContent>
      </Card>
    </Page>
  );
}
