import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/session-store';
import { CloseDialog } from './close-dialog';

/**
 * docs/product.md#screens-and-routes Profile "Danger Zone", docs/product.md#roles-and-permissions: the owner closes the whole account (every member loses
 * access; the data is kept 30 days, then deleted); anyone else closes only their own user.
 */
export function DangerZone() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const isOwner = session.permission === 'owner';
  const kind = isOwner ? 'owner' : 'member';
  return (
    <Card className="border-destructive/50">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert aria-hidden className="size-5" />
          {t('profile.danger.title')}
        </CardTitle>
        <CardDescription>{t(`profile.danger.${kind}.body`)}</CardDescription>
      </CardHeader>
      <CardContent>
        <CloseDialog
          isOwner={isOwner}
          hasPassword={session.has_password}
          texts={{
            button: t(`profile.danger.${kind}.button`),
            title: t(`profile.danger.${kind}.dialog_title`),
            description: t(`profile.danger.${kind}.dialog_body`),
            confirm: t(`profile.danger.${kind}.confirm`),
          }}
        />
      </CardContent>
    </Card>
  );
}
