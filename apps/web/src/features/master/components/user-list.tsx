import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsoleUser } from '@partner-portal/shared/master';
import type { DataTableColumn } from '@/components/ui/data-table';
import { useConsoleUsers } from '../api/users';
import { UserFlags, YesNo } from './badges';
import { useConsoleLinks } from './console-gate';
import { useFormats } from './format';
import { PagedTable } from './paged-table';
import { SearchBox } from './search-box';
import { useSearchState } from './use-search-state';

const KEYS = ['q'] as const;
/** Accounts named in a row before "+2 more". */
const ACCOUNTS_SHOWN = 2;

/** Every user: searched by e-mail, paged on the server; an e-mail opens the user. */
export function UserList() {
  const { t } = useTranslation();
  const { values, page, setFilters, setPage } = useSearchState(KEYS);
  const list = useConsoleUsers(values.q, page);
  const columns = useUserColumns();
  return (
    <div className="grid grid-cols-1 gap-4">
      <SearchBox
        id="user-search"
        label={t('master.users.search')}
        placeholder={t('master.users.search_placeholder')}
        value={values.q}
        onSearch={(q) => setFilters({ q })}
      />
      <PagedTable
        list={list}
        page={page}
        onPage={setPage}
        columns={columns}
        getRowId={(user) => user.id}
        getRowLabel={(user) => user.email}
        caption={t('master.users.caption')}
        empty={values.q ? t('master.users.empty_search', { q: values.q }) : t('master.users.empty')}
        loadFailed={t('master.users.load_failed')}
      />
    </div>
  );
}

function useUserColumns(): DataTableColumn<ConsoleUser>[] {
  const { t } = useTranslation();
  const format = useFormats();
  const links = useConsoleLinks();
  return useMemo(
    () => [
      {
        key: 'email',
        header: t('master.users.columns.email'),
        priority: 1,
        cell: (user) => (
          <span className="grid justify-items-start gap-1 whitespace-normal">
            <Link
              to={links.user(user.id)}
              className="font-medium text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {user.email}
            </Link>
            <UserFlags disabled={user.disabled} master={user.master} />
          </span>
        ),
      },
      {
        key: 'name',
        header: t('master.users.columns.name'),
        priority: 2,
        cell: (user) => <span className="whitespace-normal">{user.name}</span>,
      },
      {
        key: 'accounts',
        header: t('master.users.columns.accounts'),
        priority: 3,
        cell: (user) => {
          if (user.accounts.length === 0)
            return <span className="text-muted-foreground">{t('master.none')}</span>;
          const shown = user.accounts.slice(0, ACCOUNTS_SHOWN);
          const more = user.accounts.length - shown.length;
          return (
            <span className="grid whitespace-normal">
              {shown.map((account) => (
                <span key={account.id}>
                  {t('master.users.account_with_permission', {
                    name: account.name,
                    permission: t(`master.permissions.${account.permission}`),
                  })}
                </span>
              ))}
              {more > 0 ? (
                <span className="text-xs text-muted-foreground">
                  {t('master.users.more_accounts', { count: more })}
                </span>
              ) : null}
            </span>
          );
        },
      },
      {
        key: 'verified',
        header: t('master.users.columns.verified'),
        priority: 4,
        cell: (user) => <YesNo value={user.verified} />,
      },
      {
        key: 'two_factor',
        header: t('master.users.columns.two_factor'),
        priority: 4,
        cell: (user) => <YesNo value={user.two_factor} />,
      },
      {
        key: 'last_login',
        header: t('master.users.columns.last_login'),
        priority: 3,
        cell: (user) => (user.last_login ? format.dateTime(user.last_login) : t('master.never')),
      },
      {
        key: 'support_access',
        header: t('master.users.columns.support_access'),
        priority: 5,
        cell: (user) => <YesNo value={user.support_access} />,
      },
    ],
    [t, format, links],
  );
}
