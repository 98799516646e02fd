import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '@/components/ui/data-table';
import { formatCell } from '@/components/ui/data-table-model';
import type { TeamRow } from '../api/use-team';
import { rowName } from './member-name';
import { UserIdentity } from './user-identity';
import { UserStatusBadge } from './user-status-badge';

/**
 * docs/product.md#screens-and-routes "Users" columns. Who the row is never gives way (priority 1): as the table narrows,
 * last login goes first, then permission, then status, which still tells a member from an open
 * invite. Permission and status search and sort by their translated words, last login by time;
 * invited rows have no names and no login yet.
 */
export function useTeamColumns(): DataTableColumn<TeamRow>[] {
  const { t } = useTranslation();
  return useMemo(
    () => [
      {
        key: 'user',
        header: t('team.columns.user'),
        priority: 1,
        sortable: true,
        // Sorts by name (an invite's e-mail stands in for it); search finds the e-mail too.
        accessor: (row) => `${rowName(row)} ${row.item.email}`,
        cell: (row) => <UserIdentity row={row} />,
      },
      {
        key: 'last_login',
        header: t('team.columns.last_login'),
        priority: 4,
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
        priority: 3,
        sortable: true,
        // An advertiser user's advertiser is what they see: shown (and searchable) with the role.
        accessor: (row) =>
          [t(`team.permissions.${row.item.permission}`), row.item.advertiser_name]
            .filter(Boolean)
            .join(' · '),
        cell: (row) =>
          row.item.permission === 'advertiser' && row.item.advertiser_name ? (
            <span className="grid">
              <span>{t('team.permissions.advertiser')}</span>
              <span className="text-xs text-muted-foreground" data-testid="member-advertiser">
                {row.item.advertiser_name}
              </span>
            </span>
          ) : (
            t(`team.permissions.${row.item.permission}`)
          ),
      },
      {
        key: 'status',
        header: t('team.columns.status'),
        priority: 2,
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
