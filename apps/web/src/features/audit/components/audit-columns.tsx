import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEvent } from '@partner-portal/shared/audit';
import type { DataTableColumn } from '@/components/ui/data-table';
import { actionLabel } from '../audit-actions';
import { AuditActor } from './audit-actor';
import { AuditTarget } from './audit-target';
import { OutcomeBadge } from './outcome-badge';

/**
 * The day above the time, with seconds unlike other tables: a log's events often fall within the
 * same minute, and two short lines leave the action and actor their room.
 */
function EventTime({ at, locale }: { at: string; locale: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <>{at}</>;
  return (
    <time dateTime={at} className="grid">
      <span>{date.toLocaleDateString(locale, { dateStyle: 'medium' })}</span>
      <span className="text-xs text-muted-foreground">
        {date.toLocaleTimeString(locale, { timeStyle: 'medium' })}
      </span>
    </time>
  );
}

/**
 * The log's columns. When and what never give way (priority 1); outcome and actor hold on next,
 * then the target; the IP address goes first as the table narrows. None sorts: a table holds one
 * page of the server's newest-first order, and sorting that page alone would mislead.
 */
export function useAuditColumns(): DataTableColumn<AuditEvent>[] {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(
    () => [
      {
        key: 'time',
        header: t('audit.columns.time'),
        priority: 1,
        accessor: (event) => event.at,
        cell: (event) => <EventTime at={event.at} locale={locale} />,
      },
      {
        key: 'action',
        header: t('audit.columns.action'),
        priority: 1,
        accessor: (event) => actionLabel(event.action, t),
        cell: (event) => (
          <span className="grid min-w-24 whitespace-normal">
            <span>{actionLabel(event.action, t)}</span>
            {event.count > 1 ? (
              <span className="text-xs text-muted-foreground">
                {t('audit.repeated', {
                  count: event.count,
                  last: event.last_at
                    ? new Date(event.last_at).toLocaleTimeString(locale, { timeStyle: 'short' })
                    : '',
                })}
              </span>
            ) : null}
          </span>
        ),
      },
      {
        key: 'outcome',
        header: t('audit.columns.outcome'),
        priority: 2,
        accessor: (event) => t(`audit.outcomes.${event.outcome}`),
        cell: (event) => <OutcomeBadge outcome={event.outcome} />,
      },
      {
        key: 'actor',
        header: t('audit.columns.actor'),
        priority: 2,
        accessor: (event) => event.actor.label ?? event.actor.id,
        cell: (event) => <AuditActor event={event} />,
      },
      {
        key: 'target',
        header: t('audit.columns.target'),
        priority: 3,
        accessor: (event) => event.target.id,
        cell: (event) => <AuditTarget target={event.target} />,
      },
      {
        key: 'ip',
        header: t('audit.columns.ip'),
        priority: 4,
        accessor: (event) => event.ip,
        cell: (event) => (event.ip ? <code className="font-mono text-xs">{event.ip}</code> : null),
      },
    ],
    [t, locale],
  );
}
