import { useTranslation } from 'react-i18next';
import { AuditLog } from '@/features/audit/components/audit-log';
import { Page } from '../layouts/page';

/** The account's audit log (owners and admins): who did what, when, and whether it worked. */
export default function AccountAuditPage() {
  const { t } = useTranslation();
  return (
    <Page titleKey="titles.audit" description={t('audit.description')}>
      <AuditLog />
    </Page>
  );
}
