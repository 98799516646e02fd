import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@partner-portal/shared/audit';
import type { ConsoleAccountDetail } from '@partner-portal/shared/master';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import type { DataTableColumn } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { useConsoleAccount } from '../api/accounts';
import { AccountActions } from './account-actions';
import { AccountFlags, SubscriptionBadge } from './badges';
import { useConsoleLinks } from './console-gate';
import { DetailSection, DetailSkeleton, Facts } from './detail-parts';
import { useEventColumns } from './event-columns';
import { planCurrency, planName, useFormats } from './format';
import { LoadError } from './load-error';
import { RowsTable } from './rows-table';

type Detail = ConsoleAccountDetail;

const linkClasses =
  'text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** One account as the operator sees it: who, what plan, what it paid, what happened lately. */
export function AccountDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useConsoleAccount(id);
  if (!detail.data) {
    return detail.isError ? (
      <LoadError
        title={t('master.account.load_failed')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    ) : (
      <DetailSkeleton />
    );
  }
  const data = detail.data;
  return (
    <div className="grid grid-cols-1 gap-6">
      <AccountHeader detail={data} />
      <SubscriptionSection detail={data} />
      <MembersSection detail={data} />
      <InvitesSection detail={data} />
      <InvoicesSection detail={data} />
      <EventsSection detail={data} />
      <AuditSection detail={data} />
    </div>
  );
}

function AccountHeader({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const format = useFormats();
  const { account } = detail;
  return (
    <Card>
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h2 className="text-xl font-semibold [overflow-wrap:anywhere]">{account.name}</h2>
            <code className="font-mono text-xs [overflow-wrap:anywhere] text-muted-foreground">
              {account.id}
            </code>
            <AccountFlags closed={account.closed} disabled={account.disabled} />
          </div>
          <AccountActions account={account} subscription={detail.subscription} />
        </div>
      </CardHeader>
      <CardContent>
        <Facts
          facts={[
            {
              label: t('master.accounts.columns.owner'),
              value: account.owner_email ?? t('master.none'),
            },
            {
              label: t('master.accounts.columns.plan'),
              value: planName(account.plan) ?? t('master.none'),
            },
            {
              label: t('master.accounts.columns.subscription'),
              value: <SubscriptionBadge status={account.subscription} />,
            },
            { label: t('master.accounts.columns.seats'), value: format.count(account.seats) },
            {
              label: t('master.accounts.columns.mrr'),
              value: format.money(account.mrr, planCurrency(account.plan)),
            },
            { label: t('master.accounts.columns.created'), value: format.date(account.created) },
            {
              label: t('master.accounts.columns.last_active'),
              value: account.last_active ? format.dateTime(account.last_active) : t('master.never'),
            },
          ]}
        />
      </CardContent>
    </Card>
  );
}

function SubscriptionSection({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const format = useFormats();
  const subscription = detail.subscription;
  return (
    <DetailSection id="account-subscription" title={t('master.account.subscription')}>
      {subscription ? (
        <Facts
          facts={[
            { label: t('master.account.plan'), value: planName(subscription.plan) },
            {
              label: t('master.account.status'),
              value: <SubscriptionBadge status={subscription.status} />,
            },
            { label: t('master.account.seats'), value: format.count(subscription.seats) },
            {
              label: t('master.account.period_end'),
              value: subscription.current_period_end
                ? format.date(subscription.current_period_end)
                : t('master.none'),
            },
            {
              label: t('master.account.renews'),
              value: subscription.cancel_at_period_end
                ? t('master.account.ends_at_period_end')
                : subscription.scheduled_plan
                  ? t('master.account.changes_to', { plan: planName(subscription.scheduled_plan) })
                  : t('master.account.renews_as_is'),
            },
            { label: t('master.account.provider'), value: subscription.provider },
          ]}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t('master.account.no_subscription')}</p>
      )}
    </DetailSection>
  );
}

function MembersSection({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const format = useFormats();
  const links = useConsoleLinks();
  const columns = useMemo<DataTableColumn<Detail['members'][number]>[]>(
    () => [
      {
        key: 'email',
        header: t('master.users.columns.email'),
        priority: 1,
        cell: (member) => (
          <Link to={links.user(member.id)} className={linkClasses}>
            {member.email}
          </Link>
        ),
      },
      { key: 'name', header: t('master.users.columns.name'), priority: 2, cell: (m) => m.name },
      {
        key: 'permission',
        header: t('master.account.permission'),
        priority: 2,
        cell: (member) => <Badge variant="outline">{permissionLabel(member.permission, t)}</Badge>,
      },
      {
        key: 'last_login',
        header: t('master.users.columns.last_login'),
        priority: 3,
        cell: (member) =>
          member.last_login ? format.dateTime(member.last_login) : t('master.never'),
      },
    ],
    [t, format, links],
  );
  return (
    <DetailSection
      id="account-members"
      title={t('master.account.members', { count: detail.members.length })}
    >
      <RowsTable
        columns={columns}
        rows={detail.members}
        getRowId={(member) => member.id}
        getRowLabel={(member) => member.email}
        caption={t('master.account.members_caption')}
        empty={t('master.account.no_members')}
        headingLevel={3}
      />
    </DetailSection>
  );
}

function InvitesSection({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const format = useFormats();
  const columns = useMemo<DataTableColumn<Detail['invites'][number]>[]>(
    () => [
      {
        key: 'email',
        header: t('master.users.columns.email'),
        priority: 1,
        cell: (invite) => <span className="[overflow-wrap:anywhere]">{invite.email}</span>,
      },
      {
        key: 'permission',
        header: t('master.account.permission'),
        priority: 2,
        cell: (invite) => <Badge variant="outline">{permissionLabel(invite.permission, t)}</Badge>,
      },
      {
        key: 'sent',
        header: t('master.account.invite_sent'),
        priority: 2,
        cell: (invite) => format.date(invite.date_sent),
      },
    ],
    [t, format],
  );
  return (
    <DetailSection
      id="account-invites"
      title={t('master.account.invites', { count: detail.invites.length })}
    >
      <RowsTable
        columns={columns}
        rows={detail.invites}
        getRowId={(invite) => invite.id}
        getRowLabel={(invite) => invite.email}
        caption={t('master.account.invites_caption')}
        empty={t('master.account.no_invites')}
        headingLevel={3}
      />
    </DetailSection>
  );
}

function InvoicesSection({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const format = useFormats();
  const columns = useMemo<DataTableColumn<Detail['invoices'][number]>[]>(
    () => [
      {
        key: 'number',
        header: t('master.account.invoice_number'),
        priority: 1,
        cell: (invoice) => <span className="font-mono text-xs">{invoice.number}</span>,
      },
      {
        key: 'date',
        header: t('master.account.invoice_date'),
        priority: 2,
        cell: (invoice) => format.date(invoice.date),
      },
      {
        key: 'status',
        header: t('master.account.status'),
        priority: 3,
        cell: (invoice) => <Badge variant="outline">{invoice.status}</Badge>,
      },
      {
        key: 'total',
        header: t('master.account.invoice_total'),
        priority: 1,
        cell: (invoice) => (
          <span className="tabular-nums">{format.money(invoice.total, invoice.currency)}</span>
        ),
      },
    ],
    [t, format],
  );
  return (
    <DetailSection id="account-invoices" title={t('master.account.invoices')}>
      <RowsTable
        columns={columns}
        rows={detail.invoices}
        getRowId={(invoice) => invoice.id}
        getRowLabel={(invoice) => invoice.number}
        caption={t('master.account.invoices')}
        empty={t('master.account.no_invoices')}
        headingLevel={3}
      />
    </DetailSection>
  );
}

function EventsSection({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const links = useConsoleLinks();
  const columns = useEventColumns({ withAccount: false });
  return (
    <DetailSection id="account-events" title={t('master.account.events')}>
      <RowsTable
        columns={columns}
        rows={detail.events}
        getRowId={(event) => event.id}
        getRowLabel={(event) => event.name}
        caption={t('master.account.events')}
        empty={t('master.account.no_events')}
        headingLevel={3}
      />
      <Link
        to={links.events({ account: detail.account.id })}
        className={cn(linkClasses, 'text-sm')}
      >
        {t('master.account.all_events')}
      </Link>
    </DetailSection>
  );
}

const OUTCOME_VARIANT = { success: 'success', failure: 'error', denied: 'warning' } as const;

function AuditSection({ detail }: { detail: Detail }) {
  const { t, i18n } = useTranslation();
  const format = useFormats();
  const columns = useMemo<DataTableColumn<AuditEvent>[]>(
    () => [
      {
        key: 'time',
        header: t('master.audit.time'),
        priority: 1,
        cell: (row) => (
          <time dateTime={row.at} className="whitespace-nowrap">
            {format.dateTime(row.at)}
          </time>
        ),
      },
      {
        key: 'action',
        header: t('master.audit.action'),
        priority: 1,
        // The account's own audit screen words the actions; one it does not know shows as named.
        cell: (row) =>
          i18n.exists(`audit.actions.${row.action}`)
            ? t(`audit.actions.${row.action}`)
            : row.action,
      },
      {
        key: 'actor',
        header: t('master.audit.actor'),
        priority: 2,
        cell: (row) => (
          <span className="grid whitespace-normal">
            <span className="[overflow-wrap:anywhere]">
              {row.actor.label ?? row.actor.id ?? ''}
            </span>
            <span className="text-xs text-muted-foreground">
              {t(`master.audit.actor_types.${row.actor.type}`)}
              {row.on_behalf_of ? ` · ${t('master.audit.via_support')}` : ''}
            </span>
          </span>
        ),
      },
      {
        key: 'outcome',
        header: t('master.audit.outcome'),
        priority: 2,
        cell: (row) => (
          <Badge variant={OUTCOME_VARIANT[row.outcome]}>
            {t(`master.audit.outcomes.${row.outcome}`)}
          </Badge>
        ),
      },
    ],
    [t, i18n, format],
  );
  return (
    <DetailSection id="account-audit" title={t('master.account.audit')}>
      <RowsTable
        columns={columns}
        rows={detail.audit}
        getRowId={(row) => String(row.id)}
        getRowLabel={(row) => row.action}
        caption={t('master.account.audit')}
        empty={t('master.account.no_audit')}
        headingLevel={3}
      />
    </DetailSection>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** A permission in words; one this screen does not know as the server names it. */
function permissionLabel(permission: string, t: Translate): string {
  return t(`master.permissions.${permission}`, { defaultValue: permission });
}
