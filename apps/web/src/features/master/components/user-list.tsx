import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleUser } from '@partner-portal/shared/master';
import type { DataTableColumn } from '@/components/ui/data-table';
import { useConsoleUsers } from '../api/users';
import { UserFlags, YesNo } from './badges';
import { useConsoleLinks } from './console-gate';
import { useFormats } from './format';
import { ListNameCell } from './list-name-cell';
import { SearchableList, useListSearch } from './searchable-list';

/** Accounts named in a row before "+2 more". */
const ACCOUNTS_SHOWN = 2;

/** Every user: searched by e-mail, paged on the server; an e-mail opens the user. */
export function UserList() {
  const search = useListSearch();
  const list = useConsoleUsers(search.q, search.page);
  const columns = useUserColumns();
  return (
    <SearchableList
      id="user-search"
      texts="master.users"
      search={search}
      list={list}
      columns={columns}
      getRowLabel={(user) => user.email}
    />
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
          <ListNameCell to={links.user(user.id)} name={user.email}>
            <UserFlags disabled={user.disabled} master={user.master} />
          </ListNameCell>
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
