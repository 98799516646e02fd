import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { SupportAccessSwitch } from '@/features/help/components/support-access-switch';
import { SupportMessageForm } from '@/features/help/components/support-message-form';
import { Page } from '../layouts/page';

export default function HelpPage() {
  const { t } = useTranslation();
  return (
    <Page titleKey="titles.help">
      <div className="grid max-w-2xl gap-6">
        <Banner variant="info" title={t('help.banner.title')}>
          {t('help.banner.body')}
        </Banner>
        <SupportAccessSwitch />
        <SupportMessageForm />
      </div>
    </Page>
  );
}
