import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@partner-portal/shared/api-keys';
import type { DataTableColumn } from '@/components/ui/data-table';
import { formatCell } from '@/components/ui/data-table-model';
import { KeyStatusBadge } from './key-status-badge';
import { ScopeChips } from './scope-chips';
import { totalCalls, UsageSparkline } from './usage-sparkline';

/**
 * docs/product.md#api-keys list. The name never gives way (priority 1); status next, then what
 * the key is and may do, then when it expires; its use, who made it and when go first as the table
 * narrows.
 */
export function useKeyColumns(): DataTableColumn<ApiKey>[] {
  const { t } = useTranslation();
  return useMemo(() => {
    const never = <span className="text-muted-foreground">{t('apikeys.never')}</span>;
    return [
      {
        key: 'name',
        header: t('apikeys.columns.name'),
        priority: 1,
        sortable: true,
        accessor: (key) => key.name,
        cell: (key) => (
          <span className="font-medium whitespace-normal text-foreground [overflow-wrap:anywhere]">
            {key.name}
          </span>
        ),
      },
      {
        key: 'stub',
        header: t('apikeys.columns.stub'),
        priority: 3,
        accessor: (key) => key.stub,
        cell: (key) => <code className="font-mono text-xs">{key.stub}</code>,
      },
      {
        key: 'scope',
        header: t('apikeys.columns.scope'),
        priority: 3,
        accessor: (key) => key.scope.join(' '),
        cell: (key) => <ScopeChips scopes={key.scope} />,
      },
      {
        key: 'created_by',
        header: t('apikeys.columns.created_by'),
        priority: 5,
        sortable: true,
        accessor: (key) => key.created_by?.name ?? t('apikeys.former_member'),
      },
      {
        key: 'created_at',
        header: t('apikeys.columns.created_at'),
        priority: 5,
        sortable: true,
        kind: 'date',
        accessor: (key) => key.created_at,
      },
      {
        key: 'last_used',
        header: t('apikeys.columns.last_used'),
        priority: 5,
        sortable: true,
        kind: 'datetime',
        accessor: (key) => key.last_used_at,
        cell: (key) =>
          key.last_used_at ? (
            <span className="grid">
              <span>{formatCell(key.last_used_at, 'datetime')}</span>
              {key.last_used_ip ? (
                <span className="font-mono text-xs text-muted-foreground">
                  {t('apikeys.from_ip', { ip: key.last_used_ip })}
                </span>
              ) : null}
            </span>
          ) : (
            never
          ),
      },
      {
        key: 'expires_at',
        header: t('apikeys.columns.expires_at'),
        priority: 4,
        sortable: true,
        kind: 'date',
        accessor: (key) => key.expires_at,
        cell: (key) => (key.expires_at ? formatCell(key.expires_at, 'date') : never),
      },
      {
        key: 'status',
        header: t('apikeys.columns.status'),
        priority: 2,
        sortable: true,
        accessor: (key) => t(`apikeys.statuses.${key.status}`),
        cell: (key) => <KeyStatusBadge apiKey={key} />,
      },
      {
        key: 'usage',
        header: t('apikeys.columns.usage'),
        priority: 5,
        sortable: true,
        kind: 'number',
        accessor: (key) => totalCalls(key.usage),
        cell: (key) => <UsageSparkline usage={key.usage} />,
      },
    ] satisfies DataTableColumn<ApiKey>[];
  }, [t]);
}
