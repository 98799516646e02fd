import { useTranslation } from 'react-i18next';
import { EventsList } from '@/features/master/components/events-list';
import { MasterLayout } from '../layouts/master-layout';

/** The product events screens report (POST /api/event), for operators. */
export default function MasterEventsPage() {
  const { t } = useTranslation();
  return (
    <MasterLayout titleKey="titles.master_events" description={t('master.events.description')}>
      <EventsList />
    </MasterLayout>
  );
}
