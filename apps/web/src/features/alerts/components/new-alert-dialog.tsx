import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AlertList } from '@partner-portal/shared/alerts';
import type { ReportFilters } from '@partner-portal/shared/report-data';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { QueryGate } from '@/components/ui/query-gate';
import { toast } from '@/components/ui/toast-store';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { segmentLabel } from '@/lib/segment-label';
import { useAlerts } from '../api/alerts';
import { AlertDialogFrame } from './alert-dialogs';
import { CreateAlertForm } from './alert-forms';

export interface NewAlertDialogProps {
  open: boolean;
  /** What the dashboard is narrowed to: the new alert's filters to start with. */
  filters: ReportFilters;
  /** The Alerts screen, which the toast after saving links to. */
  alertsPath: string;
  onClose: () => void;
}

/**
 * The new-alert dialog a dashboard's bell opens, in a chunk of its own (the form and its rules
 * are not part of the dashboard's first load). It asks for the member's alerts first: whether
 * the unusual-movement condition is theirs, and whether they may add one more.
 */
export default function NewAlertDialog({
  open,
  filters,
  alertsPath,
  onClose,
}: NewAlertDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Opened from the bell, not a trigger of its own: focus goes back to the bell.
  const returnFocus = useReturnFocus();
  const query = useAlerts(open);
  const draft = useMemo(() => ({ filters }), [filters]);
  const scope = segmentLabel(filters, t);

  const created = (message: string | undefined) => {
    onClose();
    toast({
      variant: 'success',
      title: message ?? t('alerts.create.done'),
      description: t('alerts.bell.done_description'),
      action: { text: t('alerts.bell.see_alerts'), onClick: () => void navigate(alertsPath) },
    });
  };

  return (
    <AlertDialogFrame
      open={open}
      title={t('alerts.create.title')}
      description={scope ? t('alerts.bell.prefilled', { scope }) : t('alerts.bell.everything')}
      onClose={onClose}
      {...returnFocus}
    >
      <QueryGate
        query={query}
        texts={{
          loading: t('alerts.loading'),
          failed: t('alerts.load_failed'),
          retry: t('alerts.retry'),
        }}
      >
        {(list: AlertList) =>
          list.alerts.length >= list.max ? (
            <LimitReached max={list.max} alertsPath={alertsPath} />
          ) : (
            <CreateAlertForm
              draft={draft}
              anomaly={list.anomaly}
              onCreated={(_alert, message) => created(message)}
            />
          )
        }
      </QueryGate>
    </AlertDialogFrame>
  );
}

/** The member keeps the most alerts they may: the way to the list, to delete one. */
function LimitReached({ max, alertsPath }: { max: number; alertsPath: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Banner variant="info" title={t('alerts.bell.full_title', { count: max })}>
        {t('alerts.bell.full_body')}
      </Banner>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{t('alerts.cancel')}</Button>
        </DialogClose>
        <Button asChild>
          <Link to={alertsPath}>{t('alerts.bell.see_alerts')}</Link>
        </Button>
      </DialogFooter>
    </>
  );
}
