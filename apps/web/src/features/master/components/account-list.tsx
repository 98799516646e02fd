import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleAccount } from '@partner-portal/shared/master';
import type { DataTableColumn } from '@/components/ui/data-table';
import { useConsoleAccounts } from '../api/accounts';
import { AccountFlags, SubscriptionBadge } from './badges';
import { useConsoleLinks } from './console-gate';
import { planCurrency, planName, useFormats } from './format';
import { ListNameCell } from './list-name-cell';
import { SearchableList, useListSearch } from './searchable-list';

/** Every account: searched by name, owner e-mail or id, paged on the server; a name opens it. */
export function AccountList() {
  const search = useListSearch();
  const list = useConsoleAccounts(search.q, search.page);
  const columns = useAccountColumns();
  return (
    <SearchableList
      id="account-search"
      texts="master.accounts"
      search={search}
      list={list}
      columns={columns}
      getRowLabel={(account) => account.name}
    />
  );
}

function useAccountColumns(): DataTableColumn<ConsoleAccount>[] {
  const { t } = useTranslation();
  const format = useFormats();
  const links = useConsoleLinks();
  return useMemo(
    () => [
      {
        key: 'name',
        header: t('master.accounts.columns.name'),
        priority: 1,
        cell: (account) => (
          <ListNameCell to={links.account(account.id)} name={account.name}>
            <AccountFlags closed={account.closed} disabled={account.disabled} />
          </ListNameCell>
        ),
      },
      {
        key: 'owner',
        header: t('master.accounts.columns.owner'),
        priority: 2,
        cell: (account) =>
          account.owner_email ? (
            <span className="[overflow-wrap:anywhere] whitespace-normal">
              {account.owner_email}
            </span>
          ) : (
            <span className="text-muted-foreground">{t('master.none')}</span>
          ),
      },
      {
        key: 'plan',
        header: t('master.accounts.columns.plan'),
        priority: 2,
        cell: (account) => planName(account.plan) ?? t('master.none'),
      },
      {
        key: 'subscription',
        header: t('master.accounts.columns.subscription'),
        priority: 3,
        cell: (account) => <SubscriptionBadge status={account.subscription} />,
      },
      {
        key: 'seats',
        header: t('master.accounts.columns.seats'),
        priority: 4,
        cell: (account) => <span className="tabular-nums">{format.count(account.seats)}</span>,
      },
      {
        key: 'mrr',
        header: t('master.accounts.columns.mrr'),
        priority: 3,
        cell: (account) => (
          <span className="tabular-nums">
            {format.money(account.mrr, planCurrency(account.plan))}
          </span>
        ),
      },
      {
        key: 'created',
        header: t('master.accounts.columns.created'),
        priority: 5,
        cell: (account) => format.date(account.created),
      },
      {
        key: 'last_active',
        header: t('master.accounts.columns.last_active'),
        priority: 4,
        cell: (account) =>
          account.last_active ? format.dateTime(account.last_active) : t('master.never'),
      },
    ],
    [t, format, links],
  );
}
