import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamUser } from '@partner-portal/shared/team';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { toTeamRows, useTeam } from '../api/use-team';
import { EditUserDialog } from './edit-user-dialog';
import { rowName } from './member-name';
import { useTeamColumns } from './team-columns';
import { useRowActions } from './use-row-actions';

/**
 * docs/product.md#screens-and-routes "Users": members and open invites in one searchable, sortable table with row actions.
 * `toolbar` sits beside the search (the page puts the New button there); `onSignOut` runs when
 * the signed-in user deleted themself.
 */
export function UsersTable({
  toolbar,
  onSignOut,
}: {
  toolbar?: ReactNode;
  onSignOut: () => void | Promise<void>;
}) {
  const { t } = useTranslation();
  const team = useTeam();
  const rows = useMemo(() => toTeamRows(team.data), [team.data]);
  const columns = useTeamColumns();
  const [editing, setEditing] = useState<TeamUser | null>(null);
  const rowActions = useRowActions({ onEdit: setEditing, onSignOut });

  return (
    <div className="grid grid-cols-1 gap-4">
      {team.isError ? (
        <Banner
          variant="error"
          title={t('team.load_failed')}
          action={
            <Button variant="outline" size="sm" onClick={() => void team.refetch()}>
              {t('team.retry')}
            </Button>
          }
        />
      ) : null}
      <DataTable
        caption={t('team.caption')}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.rowId}
        getRowLabel={rowName}
        searchable
        searchPlaceholder={t('team.search')}
        toolbar={toolbar}
        rowActions={rowActions}
        loading={team.isPending}
        // Only a list with nobody in it gets the invitation hint; a search that matches nobody
        // keeps the table's own "No results".
        emptyState={rows.length === 0 && !team.isError ? t('team.empty') : undefined}
      />
      <EditUserDialog user={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
