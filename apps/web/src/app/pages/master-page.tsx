import { useTranslation } from 'react-i18next';
import { ConsoleOverview } from '@/features/master/components/overview';
import { MasterLayout } from '../layouts/master-layout';

/** The operator console's home (docs/product.md#operator-console): the product in figures. */
export default function MasterPage() {
  const { t } = useTranslation();
  return (
    <MasterLayout titleKey="titles.master_overview" description={t('master.overview.description')}>
      <ConsoleOverview />
    </MasterLayout>
  );
}
