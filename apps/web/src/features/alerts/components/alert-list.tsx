import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertList as AlertListData } from '@partner-portal/shared/alerts';
import { toast } from '@/components/ui/toast-store';
import { AddAlertButton } from './add-alert-button';
import { AlertCard } from './alert-card';
import { CreateAlertDialog, EditAlertDialog } from './alert-dialogs';
import { AlertsEmptyState } from './empty-state';
import { useAlertDialogs } from './use-alert-dialogs';

/**
 * The member's alerts, a card each, with the New alert button above them (or, with none yet, an
 * introduction), the history of the one chosen, and the dialogs their actions open.
 */
export function AlertList({ list }: { list: AlertListData }) {
  const { t } = useTranslation();
  const addButton = useRef<HTMLButtonElement>(null);
  const { dialog, show, close, onCloseAutoFocus } = useAlertDialogs(addButton);
  // One alert's history at a time: a second open table would push the rest of the list down.
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const create = () => show({ kind: 'create' });
  const { alerts } = list;

  return (
    <div className="grid grid-cols-1 gap-4">
      {alerts.length === 0 ? (
        <AlertsEmptyState ref={addButton} onCreate={create} />
      ) : (
        <>
          <AddAlertButton ref={addButton} used={alerts.length} max={list.max} onClick={create} />
          <ul aria-label={t('alerts.list_label')} className="grid grid-cols-1 gap-4">
            {alerts.map((alert) => (
              <li key={alert.id}>
                <AlertCard
                  alert={alert}
                  historyOpen={historyOf === alert.id}
                  onShowHistory={() => setHistoryOf(alert.id)}
                  onHideHistory={() => setHistoryOf(null)}
                  onEdit={(target) => show({ kind: 'edit', alert: target })}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <CreateAlertDialog
        open={dialog?.kind === 'create'}
        anomaly={list.anomaly}
        onClose={close}
        onCreated={(_created, message) => {
          close();
          toast({ variant: 'success', title: message ?? t('alerts.create.done') });
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <EditAlertDialog
        alert={dialog?.kind === 'edit' ? dialog.alert : null}
        anomaly={list.anomaly}
        onClose={close}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </div>
  );
}
