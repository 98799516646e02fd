import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationName } from '@partner-portal/shared/constants';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/session-store';
import { useSaveDigestSettings, type DigestChoices } from '../api/digest';
import { useNotifications, useSaveNotifications } from '../api/notifications';
import { browserTimeZone, digestPatch, shownChoices } from '../digest-draft';
import { DigestPreview } from './digest-preview';
import { DigestSettings } from './digest-settings';

type Switches = Partial<Record<NotificationName, boolean>>;

/**
 * docs/product.md#screens-and-routes "Notifications": a switch per notification and one save, which sends the switches
 * that changed (`PATCH /api/notification`) and shows what the server stored. While the report
 * digest is on, its settings (saved with the same button, `PATCH /api/user`) and a preview follow.
 */
export function NotificationSettings() {
  const { t } = useTranslation();
  const session = useSession();
  const notifications = useNotifications();
  const saveSwitches = useSaveNotifications();
  const saveDigest = useSaveDigestSettings();
  const [draft, setDraft] = useState<Switches>({});
  const [digestDraft, setDigestDraft] = useState<Partial<DigestChoices>>({});
  const [browserZone] = useState(browserTimeZone);
  const [saving, setSaving] = useState(false);
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
  const digestOn =
    draft.report_digest ?? saved.find((item) => item.name === 'report_digest')?.active ?? false;
  const digest = session ? shownChoices(session, digestDraft, browserZone) : null;
  // Only an opted-in user's digest settings are sent; choices made while it is off wait.
  const digestChanges = session && digest && digestOn ? digestPatch(session, digest) : {};
  const changed = Object.keys(draft).length > 0 || Object.keys(digestChanges).length > 0;

  const save = async () => {
    setSaving(true);
    try {
      // The settings first: a digest switched on never goes out with the settings of before.
      if (Object.keys(digestChanges).length > 0) {
        await saveDigest.mutateAsync(digestChanges);
        setDigestDraft({});
      }
      if (Object.keys(draft).length > 0) {
        await saveSwitches.mutateAsync(draft);
        setDraft({});
      }
      toast({ variant: 'success', title: t('account.notifications.saved') });
    } catch {
      // The mutation cache handed the error to the central handler, which has told the user.
    } finally {
      setSaving(false);
    }
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
      {digest && digestOn ? (
        <DigestSettings
          value={digest}
          onChange={(change) => setDigestDraft({ ...digestDraft, ...change })}
          zoneUnsaved={session?.timezone === null}
        />
      ) : null}
      <Button className="w-fit" disabled={!changed} loading={saving} onClick={() => void save()}>
        {t('account.notifications.save')}
      </Button>
      {digest && digestOn ? <DigestPreview choices={digest} /> : null}
    </div>
  );
}
