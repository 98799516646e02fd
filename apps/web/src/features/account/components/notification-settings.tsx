import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationName } from '@partner-portal/shared/constants';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { useNotifications, useSaveNotifications } from '../api/notifications';

type Switches = Partial<Record<NotificationName, boolean>>;

/**
 * docs/product.md#screens-and-routes "Notifications": a switch per notification and one save, which sends the switches
 * that changed (`PATCH /api/notification`) and shows what the server stored.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const saving = useSaveNotifications();
  const [draft, setDraft] = useState<Switches>({});
  const saved = notifications.data;

  if (notifications.isError) {
    return (
      <Banner
        variant="error"
        title={t('account.notifications.load_failed')}
        action={
          <Button variant="outline" size="sm" onClick={() => void notifications.refetch()}>
            {t('account.notifications.retry')}
          </Button>
        }
      />
    );
  }
  if (!saved) {
    return (
      <div
        className="grid place-items-center py-10"
        role="status"
        aria-label={t('account.notifications.loading')}
      >
        <Spinner className="size-6" />
      </div>
    );
  }
  const changed = Object.keys(draft).length > 0;
  const save = () => {
    saving.mutate(draft, {
      onSuccess: () => {
        setDraft({});
        toast({ variant: 'success', title: t('account.notifications.saved') });
      },
    });
  };

  return (
    <div className="grid gap-4">
      <ul className="divide-y divide-border rounded-lg border bg-card">
        {saved.map(({ name, active }) => {
          const checked = draft[name] ?? active;
          const id = `notification-${name}`;
          return (
            <li key={name} className="flex items-center justify-between gap-4 p-4">
              <div className="grid gap-0.5">
                <label htmlFor={id} className="text-sm font-medium">
                  {t(`account.notifications.items.${name}.label`)}
                </label>
                <p id={`${id}-description`} className="text-sm text-muted-foreground">
                  {t(`account.notifications.items.${name}.description`)}
                </p>
              </div>
              <Switch
                id={id}
                checked={checked}
                aria-describedby={`${id}-description`}
                onCheckedChange={(value) => {
                  const next = { ...draft };
                  if (value === active) delete next[name];
                  else next[name] = value;
                  setDraft(next);
                }}
              />
            </li>
          );
        })}
      </ul>
      <Button className="w-fit" disabled={!changed} loading={saving.isPending} onClick={save}>
        {t('account.notifications.save')}
      </Button>
    </div>
  );
}
