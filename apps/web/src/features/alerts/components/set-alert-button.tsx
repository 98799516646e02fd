import { useRef, useState, type ComponentType } from 'react';
import { BellPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReportFilters } from '@partner-portal/shared/report-data';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import { handleApiError } from '@/lib/error-handler';
import type { NewAlertDialogProps } from './new-alert-dialog';

// The dialog, its form and the alert rules load when the bell is first pointed at or pressed:
// never with the dashboard itself.
const loadDialog = () => import('./new-alert-dialog').then((module) => module.default);

/**
 * A dashboard's bell: "Set an alert" on what the dashboard shows, its filters filled in. Pages
 * place it only for members whose plan has alerts.
 */
export function SetAlertButton({
  filters,
  alertsPath,
}: {
  filters: ReportFilters;
  alertsPath: string;
}) {
  const { t } = useTranslation();
  const [Dialog, setDialog] = useState<ComponentType<NewAlertDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const opening = useRef(false);

  const prefetch = () => void loadDialog().catch(() => undefined);
  const openDialog = () => {
    if (Dialog) return setOpen(true);
    // Not disabled while it loads: a disabled button drops focus, which the dialog hands back.
    if (opening.current) return;
    opening.current = true;
    loadDialog()
      .then((component) => {
        setDialog(() => component);
        setOpen(true);
      }, handleApiError)
      .finally(() => {
        opening.current = false;
      });
  };

  return (
    <>
      <Tooltip content={t('alerts.bell.tooltip')}>
        <Button
          variant="outline"
          size="icon"
          aria-label={t('alerts.bell.label')}
          aria-haspopup="dialog"
          onPointerEnter={prefetch}
          onFocus={prefetch}
          onClick={openDialog}
        >
          <BellPlus aria-hidden />
        </Button>
      </Tooltip>
      {Dialog ? (
        <Dialog
          open={open}
          filters={filters}
          alertsPath={alertsPath}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
