import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_ACCESS_DAY_CHOICES,
  SUPPORT_ACCESS_DEFAULT_DAYS,
  type SupportAccessDays,
} from '@partner-portal/shared/constants';
import type { CurrentUser } from '@partner-portal/shared/user';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { handleApiError } from '@/lib/error-handler';
import { updateProfile } from '@/lib/profile-api';
import { updateSession, useSession } from '@/lib/session-store';

/** On while its end is ahead: a consent that lapsed reads as off without anyone acting. */
function accessUntil(session: Pick<CurrentUser, 'support_enabled' | 'support_until'>) {
  if (!session.support_enabled || !session.support_until) return null;
  const until = new Date(session.support_until);
  return until.getTime() > Date.now() ? until : null;
}

/**
 * docs/product.md#screens-and-routes "Help": lets the support team into the account for a period
 * the user picks (7 days by default), shown with its end, and ends earlier when switched off. The
 * switch moves at once and is saved behind it; if the save fails it moves back.
 */
export function SupportAccessSwitch() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const [saving, setSaving] = useState(false);
  const [days, setDays] = useState<SupportAccessDays>(SUPPORT_ACCESS_DEFAULT_DAYS);
  const lengthId = useId();
  if (!session) return null;
  const until = accessUntil(session);

  const change = async (enabled: boolean) => {
    const before = {
      support_enabled: session.support_enabled,
      support_until: session.support_until,
    };
    updateSession(
      enabled
        ? {
            support_enabled: true,
            support_until: new Date(Date.now() + days * 86_400_000).toISOString(),
          }
        : { support_enabled: false, support_until: null },
    );
    setSaving(true);
    try {
      await updateProfile(
        enabled ? { support_enabled: true, support_days: days } : { support_enabled: false },
      );
      toast({
        variant: 'success',
        title: t(enabled ? 'help.access.enabled' : 'help.access.disabled'),
      });
    } catch (error) {
      updateSession(before);
      handleApiError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card>
      <CardContent className="grid gap-4 p-6">
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor="support-access-switch" className="leading-snug">
              {t('help.access.label')}
            </Label>
            <p id="support-access-description" className="text-sm text-muted-foreground">
              {until
                ? t('help.access.on_until', {
                    date: new Intl.DateTimeFormat(i18n.language, {
                      dateStyle: 'full',
                      timeStyle: 'short',
                    }).format(until),
                  })
                : t('help.access.description')}
            </p>
          </div>
          <Switch
            id="support-access-switch"
            aria-describedby="support-access-description"
            checked={until !== null}
            // One save at a time, so a rollback never undoes a later choice.
            disabled={saving}
            onCheckedChange={(enabled) => void change(enabled)}
          />
        </div>
        {until ? null : (
          <div className="flex flex-wrap items-center gap-2">
            <Label htmlFor={lengthId} className="text-sm font-normal">
              {t('help.access.length')}
            </Label>
            <Select
              id={lengthId}
              className="w-40"
              value={String(days)}
              disabled={saving}
              onValueChange={(value) => setDays(Number(value) as SupportAccessDays)}
              options={SUPPORT_ACCESS_DAY_CHOICES.map((choice) => ({
                value: String(choice),
                label: t('help.access.days', { count: choice }),
              }))}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
