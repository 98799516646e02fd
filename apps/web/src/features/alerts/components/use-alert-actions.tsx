import { AlarmClockOff, BellRing, History, Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@partner-portal/shared/alerts';
import { confirmThen } from '@/components/ui/confirm-then';
import type { RowAction } from '@/components/ui/data-table';
import { formatCell } from '@/components/ui/data-table-model';
import { toast } from '@/components/ui/toast-store';
import { deleteAlert, useAlertsCache, useSnoozeAlert } from '../api/alerts';
import { isSnoozed } from './alert-state-badges';

/** The snoozes offered: a day, a week, and the longest the server takes (ALERT_SNOOZE_MAX_DAYS). */
const SNOOZE_DAYS = [1, 7, 30] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One alert's actions menu: edit, snooze for a while (or wake a snoozed one), its history, and
 * delete, which asks first. A stopped alert is not checked, so there is nothing to snooze.
 */
export function useAlertActions(
  alert: Alert,
  { onEdit, onHistory }: { onEdit: (alert: Alert) => void; onHistory: () => void },
): RowAction[] {
  const { t } = useTranslation();
  const cache = useAlertsCache();
  const snooze = useSnoozeAlert();

  const setSnooze = (until: string | null) => {
    // One change at a time: a second click while the first is on its way would race it.
    if (snooze.isPending) return;
    snooze.mutate(
      { id: alert.id, until },
      {
        onSuccess: (answer) =>
          toast({
            variant: 'success',
            title:
              answer.message ??
              (until
                ? t('alerts.snooze.done', { date: formatCell(until, 'datetime') })
                : t('alerts.snooze.woken')),
          }),
      },
    );
  };

  const remove = () =>
    confirmThen(
      {
        title: t('alerts.delete.title'),
        description: t('alerts.delete.description', { name: alert.name }),
        buttonText: t('alerts.delete.confirm'),
        destructive: true,
      },
      async () => {
        const answer = await deleteAlert(alert.id);
        cache.removeAlert(alert.id);
        toast({ variant: 'success', title: answer.message ?? t('alerts.delete.done') });
      },
    );

  const snoozeActions: RowAction[] =
    alert.state === 'stopped'
      ? []
      : isSnoozed(alert)
        ? [
            {
              label: t('alerts.actions.wake'),
              icon: <BellRing aria-hidden />,
              onSelect: () => setSnooze(null),
            },
          ]
        : SNOOZE_DAYS.map((days) => ({
            label: t('alerts.actions.snooze', { count: days }),
            icon: <AlarmClockOff aria-hidden />,
            onSelect: () => setSnooze(new Date(Date.now() + days * DAY_MS).toISOString()),
          }));

  return [
    {
      label: t('alerts.actions.edit'),
      icon: <Pencil aria-hidden />,
      onSelect: () => onEdit(alert),
    },
    ...snoozeActions,
    { label: t('alerts.actions.history'), icon: <History aria-hidden />, onSelect: onHistory },
    {
      label: t('alerts.actions.delete'),
      icon: <Trash2 aria-hidden />,
      destructive: true,
      onSelect: () => void remove(),
    },
  ];
}
