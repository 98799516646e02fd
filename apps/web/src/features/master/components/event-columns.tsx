import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ConsoleEvent } from '@partner-portal/shared/master';
import type { DataTableColumn } from '@/components/ui/data-table';
import { useConsoleLinks } from './console-gate';
import { useFormats } from './format';

const linkClasses =
  'text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** An event's metadata as compact JSON, or nothing when it has none. */
function compactJson(metadata: Record<string, unknown>): string {
  return Object.keys(metadata).length === 0 ? '' : JSON.stringify(metadata);
}

/** The columns of a list of product events: name, who, which account, what came with it, when. */
export function useEventColumns({
  withAccount = true,
}: { withAccount?: boolean } = {}): DataTableColumn<ConsoleEvent>[] {
  const { t } = useTranslation();
  const format = useFormats();
  const links = useConsoleLinks();
  return useMemo(() => {
    const columns: DataTableColumn<ConsoleEvent>[] = [
      {
        key: 'name',
        header: t('master.events.columns.name'),
        priority: 1,
        cell: (event) => <code className="font-mono text-xs">{event.name}</code>,
      },
      {
        key: 'user',
        header: t('master.events.columns.user'),
        priority: 2,
        cell: (event) =>
          event.user ? (
            <Link to={links.user(event.user.id)} className={linkClasses}>
              {event.user.email}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t('master.none')}</span>
          ),
      },
    ];
    if (withAccount)
      columns.push({
        key: 'account',
        header: t('master.events.columns.account'),
        priority: 3,
        cell: (event) =>
          event.account ? (
            <Link to={links.account(event.account.id)} className={linkClasses}>
              {event.account.name}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t('master.none')}</span>
          ),
      });
    columns.push(
      {
        key: 'metadata',
        header: t('master.events.columns.metadata'),
        priority: 4,
        cell: (event) => {
          const json = compactJson(event.metadata);
          return json ? (
            <code className="block max-w-md font-mono text-xs [overflow-wrap:anywhere] whitespace-normal text-muted-foreground">
              {json}
            </code>
          ) : null;
        },
      },
      {
        key: 'created',
        header: t('master.events.columns.time'),
        priority: 1,
        cell: (event) => (
          <time dateTime={event.created} className="whitespace-nowrap">
            {format.dateTime(event.created)}
          </time>
        ),
      },
    );
    return columns;
  }, [t, format, links, withAccount]);
}
