import { useMemo } from 'react';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ConsoleSessionRow, ConsoleUserDetail } from '@partner-portal/shared/master';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { openConfirmDialog } from '@/components/ui/confirm-dialog-store';
import type { DataTableColumn } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { browserLabel } from '@/lib/user-agent';
import { revokeSession, useConsoleUser } from '../api/users';
import { UserFlags, YesNo } from './badges';
import { useConsoleLinks } from './console-gate';
import { DetailSection, DetailSkeleton, Facts } from './detail-parts';
import { useFormats } from './format';
import { LoadError } from './load-error';
import { RowsTable } from './rows-table';
import { useConsoleRefresh } from './use-console-refresh';
import { UserActions } from './user-actions';

type Detail = ConsoleUserDetail;

const linkClasses =
  'text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/**
 * One user as the operator sees them: who, which accounts, where they are signed in, and what
 * may be done for them. `onImpersonate` opens the support session the console minted (the app
 * keeps the operator's own session to come back to).
 */
export function UserDetail({
  id,
  onImpersonate,
}: {
  id: string;
  onImpersonate: (url: string) => void;
}) {
  const { t } = useTranslation();
  const detail = useConsoleUser(id);
  if (!detail.data) {
    return detail.isError ? (
      <LoadError
        title={t('master.user.load_failed')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    ) : (
      <DetailSkeleton />
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      <UserHeader detail={detail.data} onImpersonate={onImpersonate} />
      <AccountsSection detail={detail.data} />
      <SessionsSection detail={detail.data} />
    </div>
  );
}

function UserHeader({
  detail,
  onImpersonate,
}: {
  detail: Detail;
  onImpersonate: (url: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const links = useConsoleLinks();
  const { user } = detail;
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">
              {user.name || user.email}
            </h2>
            <p className="text-sm [overflow-wrap:anywhere]">{user.email}</p>
            <code className="font-mono text-xs [overflow-wrap:anywhere] text-muted-foreground">
              {user.id}
            </code>
            <UserFlags disabled={user.disabled} master={user.master} />
          </div>
          <UserActions user={user} onImpersonate={onImpersonate} />
        </div>
      </CardHeader>
      <CardContent>
        <Facts
          facts={[
            { label: t('master.users.columns.verified'), value: <YesNo value={user.verified} /> },
            {
              label: t('master.users.columns.two_factor'),
              value: <YesNo value={user.two_factor} />,
            },
            {
              label: t('master.users.columns.support_access'),
              value: (
                <span className="flex flex-wrap items-center gap-2">
                  <YesNo value={user.support_access} />
                  {user.support_until
                    ? t('master.user.support_until', { date: format.dateTime(user.support_until) })
                    : null}
                </span>
              ),
            },
            { label: t('master.user.created'), value: format.date(user.created) },
            {
              label: t('master.users.columns.last_login'),
              value: user.last_login ? format.dateTime(user.last_login) : t('master.never'),
            },
          ]}
        />
        <Link
          to={links.events({ email: user.email })}
          className={cn(linkClasses, 'mt-4 inline-block text-sm')}
        >
          {t('master.user.all_events')}
        </Link>
      </CardContent>
    </Card>
  );
}

function AccountsSection({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const links = useConsoleLinks();
  const columns = useMemo<DataTableColumn<Detail['user']['accounts'][number]>[]>(
    () => [
      {
        key: 'name',
        header: t('master.accounts.columns.name'),
        priority: 1,
        cell: (account) => (
          <Link to={links.account(account.id)} className={linkClasses}>
            {account.name}
          </Link>
        ),
      },
      {
        key: 'permission',
        header: t('master.account.permission'),
        priority: 1,
        cell: (account) => (
          <Badge variant="outline">{t(`master.permissions.${account.permission}`)}</Badge>
        ),
      },
    ],
    [t, links],
  );
  return (
    <DetailSection
      id="user-accounts"
      title={t('master.user.accounts', { count: detail.user.accounts.length })}
    >
      <RowsTable
        columns={columns}
        rows={detail.user.accounts}
        getRowId={(account) => account.id}
        getRowLabel={(account) => account.name}
        caption={t('master.user.accounts_caption')}
        empty={t('master.user.no_accounts')}
        headingLevel={3}
      />
    </DetailSection>
  );
}

function SessionsSection({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const format = useFormats();
  const refresh = useConsoleRefresh();
  const revoke = useMutation({ mutationFn: revokeSession });
  const userId = detail.user.id;

  const confirmRevoke = async (session: ConsoleSessionRow) => {
    const confirmed = await openConfirmDialog({
      title: t('master.user.revoke.title'),
      description: t('master.user.revoke.description', {
        email: detail.user.email,
        account: session.account.name,
      }),
      buttonText: t('master.user.revoke.confirm'),
      destructive: true,
    });
    if (confirmed)
      revoke.mutate(
        { userId, sessionId: session.id },
        { onSuccess: (message) => refresh(message) },
      );
  };

  // Made each render: the Revoke buttons follow the pending revocation.
  const columns: DataTableColumn<ConsoleSessionRow>[] = [
    {
      key: 'account',
      header: t('master.user.session_account'),
      priority: 1,
      cell: (session) => (
        <span className="grid justify-items-start gap-1 whitespace-normal">
          <span className="[overflow-wrap:anywhere]">{session.account.name}</span>
          {session.impersonator ? (
            <Badge variant="warning">
              {t('master.user.support_session', { operator: session.impersonator })}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'last_seen',
      header: t('master.user.last_seen'),
      priority: 2,
      cell: (session) => format.dateTime(session.last_seen),
    },
    {
      // One column for both ends of the session: seven columns do not fit the detail's width.
      key: 'created',
      header: t('master.user.signed_in'),
      priority: 4,
      cell: (session) => (
        <span className="grid">
          <span>{format.dateTime(session.created)}</span>
          <span className="text-xs text-muted-foreground">
            {t('master.user.expires_on', { date: format.dateTime(session.expires) })}
          </span>
        </span>
      ),
    },
    {
      key: 'ip',
      header: t('master.user.ip'),
      priority: 3,
      cell: (session) =>
        session.ip ? <code className="font-mono text-xs">{session.ip}</code> : null,
    },
    {
      key: 'user_agent',
      header: t('master.user.user_agent'),
      priority: 5,
      cell: (session) =>
        session.user_agent ? (
          // The whole header stays a hover away; the cell names the browser and system.
          <span className="text-xs text-muted-foreground" title={session.user_agent}>
            {browserLabel(session.user_agent)}
          </span>
        ) : null,
    },
    {
      key: 'revoke',
      header: t('master.user.actions'),
      priority: 1,
      cell: (session) => (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('master.user.revoke.label', { account: session.account.name })}
          disabled={revoke.isPending && revoke.variables?.sessionId === session.id}
          onClick={() => void confirmRevoke(session)}
        >
          <LogOut aria-hidden />
          {t('master.user.revoke.open')}
        </Button>
      ),
    },
  ];
  return (
    <DetailSection
      id="user-sessions"
      title={t('master.user.sessions', { count: detail.sessions.length })}
      description={t('master.user.sessions_description')}
    >
      <RowsTable
        columns={columns}
        rows={detail.sessions}
        getRowId={(session) => session.id}
        getRowLabel={(session) => session.account.name}
        caption={t('master.user.sessions_caption')}
        empty={t('master.user.no_sessions')}
        headingLevel={3}
      />
    </DetailSection>
  );
}
