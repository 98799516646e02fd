import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert, AlertCondition, AlertPatchInput } from '@partner-portal/shared/alerts';
import type { ReportFilters } from '@partner-portal/shared/report-data';
import { Form } from '@/components/form/form';
import { CancelButton, DIALOG_FORM_CLASSES } from '@/components/ui/dialog-form-footer';
import { toast } from '@/components/ui/toast-store';
import { createAlert, updateAlert, useAlertsCache } from '../api/alerts';
import {
  alertBody,
  alertInputs,
  alertRequestSchema,
  onAlertFormFields,
  type AlertDraft,
} from './alert-fields';

/**
 * A new alert, from the Alerts screen (blank) or a dashboard's bell (its filters filled in). The
 * answer goes into the cached list; `onCreated` closes the dialog and says so.
 */
export function CreateAlertForm({
  draft,
  anomaly,
  onCreated,
}: {
  draft: AlertDraft;
  anomaly: boolean;
  onCreated: (created: Alert, message: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const { putAlert } = useAlertsCache();
  const inputs = useMemo(() => alertInputs(t, draft, anomaly), [t, draft, anomaly]);
  const schema = useMemo(() => alertRequestSchema(), []);
  return (
    <Form
      inputs={inputs}
      schema={schema}
      buttonText={t('alerts.create.submit')}
      className={DIALOG_FORM_CLASSES}
      callback={async (values) => {
        try {
          const answer = await createAlert(alertBody(values));
          putAlert(answer.data);
          onCreated(answer.data, answer.message);
        } catch (error) {
          throw onAlertFormFields(error, values);
        }
      }}
    >
      <CancelButton>{t('alerts.cancel')}</CancelButton>
    </Form>
  );
}

const sameFilters = (a: ReportFilters, b: ReportFilters) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
// Conditions come from one schema, their keys always in its order: compared as JSON.
const sameCondition = (a: AlertCondition, b: AlertCondition) =>
  JSON.stringify(a) === JSON.stringify(b);
const sameList = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join('\n') === [...b].sort().join('\n');

/** The fields of an alert that differ from the form's: only those are sent. */
function changesOf(alert: Alert, body: ReturnType<typeof alertBody>): AlertPatchInput {
  return {
    ...(body.name !== alert.name ? { name: body.name } : {}),
    ...(body.metric !== alert.metric ? { metric: body.metric } : {}),
    ...(!sameFilters(body.filters, alert.filters) ? { filters: body.filters } : {}),
    ...(!sameCondition(body.condition, alert.condition) ? { condition: body.condition } : {}),
    ...(!sameList(body.channels, alert.channels) ? { channels: body.channels } : {}),
  };
}

/** Changing an alert: the whole form is checked, only what changed is sent. */
export function EditAlertForm({
  alert,
  anomaly,
  onDone,
}: {
  alert: Alert;
  anomaly: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { putAlert } = useAlertsCache();
  const inputs = useMemo(() => alertInputs(t, alert, anomaly), [t, alert, anomaly]);
  const schema = useMemo(() => alertRequestSchema(), []);
  return (
    <Form
      inputs={inputs}
      schema={schema}
      buttonText={t('alerts.edit.submit')}
      className={DIALOG_FORM_CLASSES}
      callback={async (values) => {
        const changes = changesOf(alert, alertBody(values));
        if (Object.keys(changes).length === 0) return onDone();
        try {
          const answer = await updateAlert(alert.id, changes);
          putAlert(answer.data);
          toast({ variant: 'success', title: answer.message ?? t('alerts.edit.saved') });
          onDone();
        } catch (error) {
          throw onAlertFormFields(error, values);
        }
      }}
    >
      <CancelButton>{t('alerts.cancel')}</CancelButton>
    </Form>
  );
}
