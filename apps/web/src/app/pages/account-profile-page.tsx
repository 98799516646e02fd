import { PendingEmailBanner } from '@/features/profile/components/pending-email-banner';
import { DangerZone } from '@/features/profile/components/danger-zone';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { Page } from '../layouts/page';

export default function AccountProfilePage() {
  return (
    <Page titleKey="titles.profile">
      <div className="grid gap-6">
        <PendingEmailBanner />
        <ProfileForm />
        <DangerZone />
      </div>
    </Page>
  );
}
