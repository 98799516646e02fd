import { Eye, Pencil, RefreshCw, Ban, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@partner-portal/shared/api-keys';
import { confirmThen } from '@/components/ui/confirm-then';
import type { RowAction } from '@/components/ui/data-table';
import { toast } from '@/components/ui/toast-store';
import { useSession } from '@/lib/session-store';
import { deleteApiKey, revokeApiKey, useApiKeysCache } from '../api/api-keys';
import { keyAccess } from './key-access';

/**
 * A key's row actions, only those that apply (docs/product.md#api-keys): a revoked key can only
 * be deleted, only an active one rolled (and revoked: an expired key already stopped), and
 * rolling is its creator's. Someone who may not change a key gets its details instead.
 * Revoke and delete ask first.
 */
export function useKeyActions({
  onEdit,
  onRoll,
}: {
  onEdit: (key: ApiKey) => void;
  onRoll: (key: ApiKey) => void;
}): (key: ApiKey) => RowAction[] {
  const { t } = useTranslation();
  const session = useSession();
  const cache = useApiKeysCache();

  const revoke = (key: ApiKey) =>
    confirmThen(
      {
        title: t('apikeys.revoke.title', { name: key.name }),
        description: t('apikeys.revoke.description'),
        buttonText: t('apikeys.revoke.confirm'),
        destructive: true,
      },
      async () => {
        cache.putKey(await revokeApiKey(key.id));
        toast({ variant: 'success', title: t('apikeys.revoke.done', { name: key.name }) });
      },
    );

  const remove = (key: ApiKey) =>
    confirmThen(
      {
        title: t('apikeys.delete.title', { name: key.name }),
        description:
          key.status === 'active'
            ? t('apikeys.delete.description_active')
            : t('apikeys.delete.description'),
        buttonText: t('apikeys.delete.confirm'),
        destructive: true,
      },
      async () => {
        await deleteApiKey(key.id);
        cache.removeKey(key.id);
        toast({ variant: 'success', title: t('apikeys.delete.done', { name: key.name }) });
      },
    );

  return (key) => {
    const access = keyAccess(key, session);
    if (!access.manage) {
      return [
        {
          label: t('apikeys.actions.details'),
          icon: <Eye aria-hidden />,
          onSelect: () => onEdit(key),
        },
      ];
    }
    const deleteAction: RowAction = {
      label: t('apikeys.actions.delete'),
      icon: <Trash2 aria-hidden />,
      destructive: true,
      onSelect: () => void remove(key),
    };
    if (key.status === 'revoked') return [deleteAction];
    const actions: RowAction[] = [
      {
        label: t('apikeys.actions.edit'),
        icon: <Pencil aria-hidden />,
        onSelect: () => onEdit(key),
      },
    ];
    if (key.status === 'active') {
      if (access.reshape) {
        actions.push({
          label: t('apikeys.actions.roll'),
          icon: <RefreshCw aria-hidden />,
          onSelect: () => onRoll(key),
        });
      }
      actions.push({
        label: t('apikeys.actions.revoke'),
        icon: <Ban aria-hidden />,
        destructive: true,
        onSelect: () => void revoke(key),
      });
    }
    return [...actions, deleteAction];
  };
}
