import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookList } from '@partner-portal/shared/webhooks';
import { AddEndpointButton } from './add-endpoint-button';
import { EndpointCard } from './endpoint-card';
import { CreateEndpointDialog, EditEndpointDialog } from './endpoint-dialog';
import { WebhooksEmptyState } from './empty-state';
import { RevealSecretDialog } from './reveal-secret-dialog';
import { useWebhookDialogs } from './use-webhook-dialogs';

/**
 * The account's endpoints, a card each, with the Add button above them (or, with none yet, an
 * introduction), the deliveries of the one chosen, and the dialogs their actions open.
 */
export function EndpointList({ list }: { list: WebhookList }) {
  const { t } = useTranslation();
  const addButton = useRef<HTMLButtonElement>(null);
  const { dialog, show, close, onCloseAutoFocus } = useWebhookDialogs(addButton);
  // One endpoint's deliveries at a time: a second open table would push the rest of the list
  // far down the page.
  const [chosen, setChosen] = useState<string | null>(null);
  const create = () => show({ kind: 'create' });
  const { endpoints } = list;

  return (
    <div className="grid grid-cols-1 gap-4">
      {endpoints.length === 0 ? (
        <WebhooksEmptyState ref={addButton} onCreate={create} />
      ) : (
        <>
          <AddEndpointButton
            ref={addButton}
            used={endpoints.length}
            max={list.max}
            onClick={create}
          />
          <ul aria-label={t('webhooks.list_label')} className="grid grid-cols-1 gap-4">
            {endpoints.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointCard
                  endpoint={endpoint}
                  open={chosen === endpoint.id}
                  onToggleDeliveries={() =>
                    setChosen((current) => (current === endpoint.id ? null : endpoint.id))
                  }
                  onShowDeliveries={() => setChosen(endpoint.id)}
                  onEdit={(target) => show({ kind: 'edit', endpoint: target })}
                  onRotated={(rotated, from) =>
                    show({ kind: 'reveal', endpoint: rotated, rotated: true }, from)
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <CreateEndpointDialog
        open={dialog?.kind === 'create'}
        onClose={close}
        onCreated={(created) => show({ kind: 'reveal', endpoint: created, rotated: false })}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <EditEndpointDialog
        endpoint={dialog?.kind === 'edit' ? dialog.endpoint : null}
        onClose={close}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <RevealSecretDialog
        revealed={dialog?.kind === 'reveal' ? dialog.endpoint : null}
        rotated={dialog?.kind === 'reveal' && dialog.rotated}
        onClose={close}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </div>
  );
}
