import { ImportDataScreen } from '@/features/report-import/components/import-data-screen';
import { Page } from '../layouts/page';
import { paths } from '../route-table';

export default function AccountDataPage() {
  return (
    <Page titleKey="titles.data">
      <ImportDataScreen dashboardPath={paths.dashboardCore} />
    </Page>
  );
}
