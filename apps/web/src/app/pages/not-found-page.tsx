import { FileQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { CenteredCardLayout } from '../layouts/centered-card-layout';
import { paths } from '../route-table';

/** docs/product.md#screens-and-routes, docs/product.md#errors: unknown paths, /notfound and /404 — text and a button to the core dashboard. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle('titles.not_found');
  return (
    <CenteredCardLayout>
      <div className="grid justify-items-center gap-4 text-center">
        <FileQuestion aria-hidden className="size-12 text-muted-foreground" />
        <p className="text-5xl font-bold tracking-tight text-primary">404</p>
        <h1 className="text-xl font-semibold">{t('app.not_found.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('app.not_found.body')}</p>
        <Button asChild>
          <Link to={paths.dashboardCore}>{t('app.not_found.button')}</Link>
        </Button>
      </div>
    </CenteredCardLayout>
  );
}
