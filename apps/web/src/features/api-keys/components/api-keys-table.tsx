import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { useApiKeys, useGrantableScopes } from '../api/api-keys';
import { CreateKeyDialog, NewKeyButton } from './create-key-dialog';
import { EditKeyDialog } from './edit-key-dialog';
import { ApiKeysEmptyState } from './empty-state';
import { useKeyColumns } from './key-columns';
import { RevealKeyDialog } from './reveal-key-dialog';
import { RollKeyDialog } from './roll-key-dialog';
import { useKeyActions } from './use-key-actions';
import { useKeyDialogs } from './use-key-dialogs';

/**
 * docs/product.md#api-keys: the account's keys in a searchable, sortable table with the New
 * button beside the search, row actions, and the dialogs they open.
 */
export function ApiKeysTable() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  // Fetched with the screen, so the create and edit dialogs open with their scopes in place.
  useGrantableScopes();
  const rows = useMemo(() => keys.data ?? [], [keys.data]);
  const liveKeys = rows.filter((key) => key.status === 'active').length;
  const columns = useKeyColumns();
  const newButton = useRef<HTMLButtonElement>(null);
  const { dialog, show, close, onCloseAutoFocus } = useKeyDialogs(newButton);
  const create = () => show({ kind: 'create' });
  const rowActions = useKeyActions({
    onEdit: (key) => show({ kind: 'edit', key }),
    onRoll: (key) => show({ kind: 'roll', key }),
  });

  return (
    <div className="grid grid-cols-1 gap-4">
      {keys.isError ? (
        <Banner
          variant="error"
          title={t('apikeys.load_failed')}
          action={
            <Button variant="outline" size="sm" onClick={() => void keys.refetch()}>
              {t('apikeys.retry')}
            </Button>
          }
        />
      ) : null}
      <DataTable
        caption={t('apikeys.caption')}
        columns={columns}
        rows={rows}
        getRowId={(key) => key.id}
        getRowLabel={(key) => key.name}
        searchable
        searchPlaceholder={t('apikeys.search')}
        toolbar={<NewKeyButton ref={newButton} liveKeys={liveKeys} onClick={create} />}
        rowActions={rowActions}
        loading={keys.isPending}
        // Only an account without keys gets the introduction; a search that matches none keeps
        // the table's own "No results".
        emptyState={
          rows.length === 0 && !keys.isError ? <ApiKeysEmptyState onCreate={create} /> : undefined
        }
      />
      <CreateKeyDialog
        open={dialog?.kind === 'create'}
        onClose={close}
        onCreated={(key) => show({ kind: 'reveal', key, rolled: false })}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <EditKeyDialog
        apiKey={dialog?.kind === 'edit' ? dialog.key : null}
        onClose={close}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <RollKeyDialog
        apiKey={dialog?.kind === 'roll' ? dialog.key : null}
        onClose={close}
        onRolled={(key) => show({ kind: 'reveal', key, rolled: true })}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <RevealKeyDialog
        revealed={dialog?.kind === 'reveal' ? dialog.key : null}
        rolled={dialog?.kind === 'reveal' && dialog.rolled}
        onClose={close}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </div>
  );
}
