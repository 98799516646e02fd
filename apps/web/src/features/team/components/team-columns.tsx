import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamUser } from '@partner-portal/shared/team';
import { UserAvatar } from '@/components/ui/avatar';
import type { DataTableColumn } from '@/components/ui/data-table';
import { formatCell } from '@/components/ui/data-table-model';
import type { TeamRow } from '../api/use-team';
import { UserStatusBadge } from './user-status-badge';

/** How a member is named in titles and toasts: their name, else their e-mail. */
export function memberName(user: Pick<TeamUser, 'first_name' | 'last_name' | 'email'>): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

export function rowName(row: TeamRow): string {
  return row.kind === 'user' ? memberName(row.item) : row.item.email;
}

/**
 * Spec §2 "Users" columns. Permission and status search and sort by their translated words,
 * last login by time; invited rows have no names and no login yet.
 */
export function useTeamColumns(): DataTableColumn<TeamRow>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'avatar',
        header: t('team.columns.avatar'),
        accessor: () => '',
        cell: (row) => (
          <UserAvatar
            size="sm"
            name={rowName(row)}
            src={row.kind === 'user' ? row.item.avatar : null}
          />
        ),
      },
      {
        key: 'email',
        header: t('team.columns.email'),
        sortable: true,
        accessor: (row) => row.item.email,
      },
      {
        key: 'first_name',
        header: t('team.columns.first_name'),
        sortable: true,
        accessor: (row) => (row.kind === 'user' ? row.item.first_name : ''),
      },
      {
        key: 'last_name',
        header: t('team.columns.last_name'),
        sortable: true,
        accessor: (row) => (row.kind === 'user' ? row.item.last_name : ''),
      },
      {
        key: 'last_login',
        header: t('team.columns.last_login'),
        sortable: true,
        kind: 'datetime',
        accessor: (row) => (row.kind === 'user' ? row.item.last_login : null),
        cell: (row) =>
          row.kind === 'user' && row.item.last_login ? (
            formatCell(row.item.last_login, 'datetime')
          ) : (
            <span className="text-muted-foreground">{t('team.never')}</span>
          ),
      },
      {
        key: 'permission',
        header: t('team.columns.permission'),
        sortable: true,
        accessor: (row) => t(`team.permissions.${row.item.permission}`),
      },
      {
        key: 'status',
        header: t('team.columns.status'),
        sortable: true,
        accessor: (row) => t(`team.statuses.${row.item.status}`),
        cell: (row) => (
          <UserStatusBadge
            status={row.item.status}
            expired={row.kind === 'invite' && row.item.expired}
          />
        ),
      },
    ],
    [t],
  );
}
