import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@partner-portal/shared/alerts';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CreateAlertForm, EditAlertForm } from './alert-forms';
import type { AlertDraft } from './alert-fields';

/** The dialog the alert forms sit in; closing it (Cancel, Escape, X) hands focus back. */
export function AlertDialogFrame({
  open,
  title,
  description,
  onClose,
  onOpenAutoFocus,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  onClose: () => void;
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent onOpenAutoFocus={onOpenAutoFocus} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

const BLANK: AlertDraft = {};

/** A new alert from the Alerts screen. */
export function CreateAlertDialog({
  open,
  anomaly,
  onClose,
  onCreated,
  onCloseAutoFocus,
}: {
  open: boolean;
  anomaly: boolean;
  onClose: () => void;
  onCreated: (created: Alert, message: string | undefined) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialogFrame
      open={open}
      title={t('alerts.create.title')}
      description={t('alerts.create.description')}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <CreateAlertForm draft={BLANK} anomaly={anomaly} onCreated={onCreated} />
    </AlertDialogFrame>
  );
}

/** Changing an alert's name, metric, filters, condition or channels. */
export function EditAlertDialog({
  alert,
  anomaly,
  onClose,
  onCloseAutoFocus,
}: {
  alert: Alert | null;
  anomaly: boolean;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialogFrame
      open={alert !== null}
      title={t('alerts.edit.title')}
      description={alert?.name}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {alert ? <EditAlertForm alert={alert} anomaly={anomaly} onDone={onClose} /> : null}
    </AlertDialogFrame>
  );
}
