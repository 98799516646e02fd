import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WebhookCreateInputSchema,
  WebhookPatchInputSchema,
  type WebhookCreateInput,
  type WebhookEndpoint,
  type WebhookPatchInput,
  type WebhookReveal,
} from '@partner-portal/shared/webhooks';
import { Form } from '@/components/form/form';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { CancelButton, DIALOG_FORM_CLASSES } from '@/components/ui/dialog-form-footer';
import { toast } from '@/components/ui/toast-store';
import { createWebhook, updateWebhook, useWebhooksCache } from '../api/webhooks';
import { endpointInputs, endpointValues, onFormFields, requestSchema } from './endpoint-fields';

/** The dialog both forms sit in; closing it (Cancel, Escape, X) hands focus back via the screen. */
function EndpointDialogFrame({
  open,
  title,
  description,
  onClose,
  onCloseAutoFocus,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** Adding an endpoint: its answer holds the secret, which `onCreated` hands to the reveal. */
export function CreateEndpointDialog({
  open,
  onClose,
  onCreated,
  onCloseAutoFocus,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: WebhookReveal) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  return (
    <EndpointDialogFrame
      open={open}
      title={t('webhooks.create.title')}
      description={t('webhooks.create.description')}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <CreateEndpointForm onCreated={onCreated} />
    </EndpointDialogFrame>
  );
}

/** Changing an endpoint's URL, description or events. */
export function EditEndpointDialog({
  endpoint,
  onClose,
  onCloseAutoFocus,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { t } = useTranslation();
  return (
    <EndpointDialogFrame
      open={endpoint !== null}
      title={t('webhooks.edit.title')}
      description={<span className="font-mono break-all">{endpoint?.url}</span>}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {endpoint ? <EditEndpointForm endpoint={endpoint} onDone={onClose} /> : null}
    </EndpointDialogFrame>
  );
}

const NEW_ENDPOINT = { url: '', description: null, events: [] };

function createBody(values: Record<string, unknown>): WebhookCreateInput {
  const { description, ...body } = endpointValues(values);
  return description === null ? body : { ...body, description };
}

function CreateEndpointForm({ onCreated }: { onCreated: (created: WebhookReveal) => void }) {
  const { t } = useTranslation();
  const { putEndpoint } = useWebhooksCache();
  const inputs = useMemo(() => endpointInputs(t, NEW_ENDPOINT), [t]);
  const schema = useMemo(() => requestSchema(WebhookCreateInputSchema, createBody), []);
  return (
    <Form
      inputs={inputs}
      schema={schema}
      buttonText={t('webhooks.create.submit')}
      className={DIALOG_FORM_CLASSES}
      callback={async (values) => {
        try {
          const { data } = await createWebhook(createBody(values));
          putEndpoint(data);
          onCreated(data);
        } catch (error) {
          throw onFormFields(error);
        }
      }}
    >
      <CancelButton>{t('webhooks.cancel')}</CancelButton>
    </Form>
  );
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join('\n') === [...b].sort().join('\n');

function EditEndpointForm({ endpoint, onDone }: { endpoint: WebhookEndpoint; onDone: () => void }) {
  const { t } = useTranslation();
  const { putEndpoint } = useWebhooksCache();
  const inputs = useMemo(() => endpointInputs(t, endpoint), [t, endpoint]);
  // The whole form is checked; only what changed is sent.
  const schema = useMemo(() => requestSchema(WebhookPatchInputSchema, endpointValues), []);
  return (
    <Form
      inputs={inputs}
      schema={schema}
      buttonText={t('webhooks.edit.submit')}
      className={DIALOG_FORM_CLASSES}
      callback={async (values) => {
        const body = endpointValues(values);
        const changes: WebhookPatchInput = {
          ...(body.url !== endpoint.url ? { url: body.url } : {}),
          ...(!sameList(body.events, endpoint.events) ? { events: body.events } : {}),
          ...(body.description !== endpoint.description ? { description: body.description } : {}),
        };
        if (Object.keys(changes).length === 0) return onDone();
        try {
          const answer = await updateWebhook(endpoint.id, changes);
          putEndpoint(answer.data);
          toast({ variant: 'success', title: answer.message ?? t('webhooks.edit.saved') });
          onDone();
        } catch (error) {
          throw onFormFields(error);
        }
      }}
    >
      <CancelButton>{t('webhooks.cancel')}</CancelButton>
    </Form>
  );
}
