import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsoleAccount } from '@partner-portal/shared/master';
import type { DataTableColumn } from '@/components/ui/data-table';
import { useConsoleAccounts } from '../api/accounts';
import { AccountFlags, SubscriptionBadge } from './badges';
import { useConsoleLinks } from './console-gate';
import { planCurrency, planName, useFormats } from './format';
import { PagedTable } from './paged-table';
import { SearchBox } from './search-box';
import { useSearchState } from './use-search-state';

const KEYS = ['q'] as const;

/** Every account: searched by name, owner e-mail or id, paged on the server; a name opens it. */
export function AccountList() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(KEYS);
  const list = useConsoleAccounts(values.q, page);
  const columns = useAccountColumns();
  return (
    <div className="grid grid-cols-1 gap-4">
      <SearchBox
        id="account-search"
        label={t('master.accounts.search')}
        placeholder={t('master.accounts.search_placeholder')}
        value={values.q}
        onSearch={(q) => setFilters({ q })}
      />
      <PagedTable
        list={list}
        page={page}
        onPage={setPage}
        columns={columns}
        getRowId={(account) => account.id}
        getRowLabel={(account) => account.name}
        caption={t('master.accounts.caption')}
        empty={
          values.q ? t('master.accounts.empty_search', { q: values.q }) : t('master.accounts.empty')
        }
        loadFailed={t('master.accounts.load_failed')}
      />
    </div>
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
          <span className="grid justify-items-start gap-1 whitespace-normal">
            <Link
              to={links.account(account.id)}
              className="font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {account.name}
            </Link>
            <AccountFlags closed={account.closed} disabled={account.disabled} />
          </span>
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
