import { Pencil, Power, PowerOff, RefreshCw, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint, WebhookReveal } from '@partner-portal/shared/webhooks';
import { confirmThen } from '@/components/ui/confirm-then';
import type { RowAction } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast-store';
import {
  deleteWebhook,
  rotateWebhookSecret,
  updateWebhook,
  useSendTestEvent,
  useSetEnabled,
  useWebhooksCache,
} from '../api/webhooks';
import { testOutcomeToast } from './test-outcome';

/**
 * One endpoint's actions menu and what its card shows while they run. Rotating, disabling and
 * deleting ask first; a test event and enabling go at once, the card showing they are under way.
 */
export function useEndpointActions(
  endpoint: WebhookEndpoint,
  {
    onEdit,
    onRotated,
    onTested,
  }: {
    onEdit: (endpoint: WebhookEndpoint) => void;
    onRotated: (rotated: WebhookReveal, from: HTMLElement | null) => void;
    /** After a test event was sent, whatever came of it: its delivery is in the list now. */
    onTested: () => void;
  },
) {
  const { t, i18n } = useTranslation();
  const cache = useWebhooksCache();
  const test = useSendTestEvent();
  const setEnabled = useSetEnabled();
  const { url } = endpoint;

  const sendTest = () => {
    // One at a time: the card already says a test is on its way.
    if (test.isPending) return;
    test.mutate(endpoint.id, {
      onSuccess: ({ data }) => {
        toast(testOutcomeToast(t, data, i18n.language));
        onTested();
      },
    });
  };

  const enable = () =>
    setEnabled.mutate(
      { id: endpoint.id, enabled: true },
      {
        onSuccess: (answer) =>
          toast({ variant: 'success', title: answer.message ?? t('webhooks.enable.done') }),
      },
    );

  const disable = () =>
    confirmThen(
      {
        title: t('webhooks.disable.title'),
        description: t('webhooks.disable.description', { url }),
        buttonText: t('webhooks.disable.confirm'),
      },
      async () => {
        const answer = await updateWebhook(endpoint.id, { enabled: false });
        cache.putEndpoint(answer.data);
        toast({ variant: 'success', title: answer.message ?? t('webhooks.disable.done') });
      },
    );

  const rotate = () => {
    // The actions button, focused as the menu closed: where focus goes back after the reveal.
    const from = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return confirmThen(
      {
        title: t('webhooks.rotate.title'),
        description: t('webhooks.rotate.description', { url }),
        buttonText: t('webhooks.rotate.confirm'),
      },
      async () => {
        const { data } = await rotateWebhookSecret(endpoint.id);
        cache.putEndpoint(data);
        onRotated(data, from);
      },
    );
  };

  const remove = () =>
    confirmThen(
      {
        title: t('webhooks.delete.title'),
        description: t('webhooks.delete.description', { url }),
        buttonText: t('webhooks.delete.confirm'),
        destructive: true,
      },
      async () => {
        const answer = await deleteWebhook(endpoint.id);
        cache.removeEndpoint(endpoint.id);
        toast({ variant: 'success', title: answer.message ?? t('webhooks.delete.done') });
      },
    );

  const actions: RowAction[] = [
    {
      label: t('webhooks.actions.edit'),
      icon: <Pencil aria-hidden />,
      onSelect: () => onEdit(endpoint),
    },
    { label: t('webhooks.actions.test'), icon: <Send aria-hidden />, onSelect: sendTest },
    {
      label: t('webhooks.actions.rotate'),
      icon: <RefreshCw aria-hidden />,
      onSelect: () => void rotate(),
    },
    endpoint.enabled
      ? {
          label: t('webhooks.actions.disable'),
          icon: <PowerOff aria-hidden />,
          onSelect: () => void disable(),
        }
      : { label: t('webhooks.actions.enable'), icon: <Power aria-hidden />, onSelect: enable },
    {
      label: t('webhooks.actions.delete'),
      icon: <Trash2 aria-hidden />,
      destructive: true,
      onSelect: () => void remove(),
    },
  ];

  return { actions, testing: test.isPending, enable, enabling: setEnabled.isPending };
}
