import { useTranslation } from 'react-i18next';
import { FeedbackList } from '@/features/master/components/feedback-list';
import { MasterLayout } from '../layouts/master-layout';

/** What users said through the feedback widget, for operators to triage. */
export default function MasterFeedbackPage() {
  const { t } = useTranslation();
  return (
    <MasterLayout titleKey="titles.master_feedback" description={t('master.feedback.description')}>
      <FeedbackList />
    </MasterLayout>
  );
}
