import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { WorkbooksState } from '../api/use-workbooks';

/** While the workbook list loads, or after it failed (with a retry): null once it is ready. */
export function WorkbooksPending({ state }: { state: WorkbooksState }) {
  const { t } = useTranslation();
  if (state.status === 'loading') {
    return (
      <div
        className="grid place-items-center py-16"
        role="status"
        aria-label={t('dashboards.loading')}
      >
        <Spinner className="size-6" />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <Banner
        variant="error"
        title={t('dashboards.failed.title')}
        action={
          <Button variant="outline" size="sm" onClick={state.retry}>
            {t('dashboards.failed.retry')}
          </Button>
        }
      />
    );
  }
  return null;
}
