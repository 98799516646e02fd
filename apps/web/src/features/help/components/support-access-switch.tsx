import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { handleApiError } from '@/lib/error-handler';
import { updateProfile } from '@/lib/profile-api';
import { updateSession, useSession } from '@/lib/session-store';

/**
 * docs/product.md#screens-and-routes "Help": a switch letting the support team access the account (`support_enabled`).
 * It moves at once and is saved behind it; if the save fails it moves back (docs/product.md#errors toast).
 */
export function SupportAccessSwitch() {
  const { t } = useTranslation();
  const session = useSession();
  const [saving, setSaving] = useState(false);
  if (!session) return null;

  const change = async (enabled: boolean) => {
    updateSession({ support_enabled: enabled });
    setSaving(true);
    try {
      await updateProfile({ support_enabled: enabled });
      toast({
        variant: 'success',
        title: t(enabled ? 'help.access.enabled' : 'help.access.disabled'),
      });
    } catch (error) {
      updateSession({ support_enabled: !enabled });
      handleApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardContent className="flex items-center justify-between gap-4 p-6">
        <div className="grid gap-1">
          <Label htmlFor="support-access-switch" className="leading-snug">
            {t('help.access.label')}
          </Label>
          <p id="support-access-description" className="text-sm text-muted-foreground">
            {t('help.access.description')}
          </p>
        </div>
        <Switch
          id="support-access-switch"
          aria-describedby="support-access-description"
          checked={session.support_enabled}
          // One save at a time, so a rollback never undoes a later choice.
          disabled={saving}
          onCheckedChange={(enabled) => void change(enabled)}
        />
      </CardContent>
    </Card>
  );
}
