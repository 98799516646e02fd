import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { Checkbox } from './checkbox';
import { cardFacts, identityColumn, renderCell } from './data-table-model';
import { RowActionsMenu } from './data-table-row-actions';
import type { DataTableViewProps } from './data-table-view';

export type CardHeadingLevel = 2 | 3 | 4;

/**
 * The phone layout: one card per row. A list of headed cards rather than a restyled table:
 * screen readers announce "list, n items" and let users jump from card to card by heading (the
 * row's identity), and each fact reads as its label then its value (a description list), which
 * a table whose cells are no longer laid out as a grid does not promise in every browser. Tab
 * still reaches every checkbox and actions button, in reading order.
 */
export function DataTableCards<T>({
  columns,
  rows,
  getRowId,
  getRowLabel,
  selection,
  rowActions,
  caption,
  loading,
  empty,
  headingLevel,
}: DataTableViewProps<T> & { headingLevel: CardHeadingLevel }) {
  const { t } = useTranslation();
  const identity = identityColumn(columns);
  const facts = cardFacts(columns);
  const Heading = `h${headingLevel}` as const;

  if (rows.length === 0) {
    return (
      <div
        aria-busy={loading || undefined}
        className="rounded-lg border border-border bg-card px-3 py-10 text-center text-sm text-muted-foreground"
      >
        {empty}
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {selection ? (
        <label className="flex items-center gap-3 px-4 text-sm text-muted-foreground">
          <Checkbox
            checked={selection.page}
            onCheckedChange={(state) => selection.setPage(state === true)}
          />
          {t('ui.table.select_all')}
        </label>
      ) : null}
      {/* role="list": Safari drops the list role of a list styled without bullets. */}
      <ul role="list" aria-label={caption} aria-busy={loading || undefined} className="grid gap-3">
        {rows.map((row) => {
          const id = getRowId(row);
          const label = getRowLabel(row);
          const selected = selection?.isSelected(id) ?? false;
          return (
            <li
              key={id}
              className={cn(
                'grid gap-3 rounded-lg border border-border bg-card p-4 text-sm text-card-foreground',
                selected && 'border-primary bg-accent/50',
              )}
            >
              <div className="flex items-start gap-3">
                {selection ? (
                  <Checkbox
                    className="mt-1"
                    aria-label={t('ui.table.select_row', { row: label })}
                    checked={selected}
                    onCheckedChange={(state) => selection.setRow(id, state === true)}
                  />
                ) : null}
                <Heading className="min-w-0 flex-1 self-center font-medium [overflow-wrap:anywhere]">
                  {identity ? renderCell(identity, row) : label}
                </Heading>
                {rowActions ? (
                  <RowActionsMenu
                    label={t('ui.table.row_actions', { row: label })}
                    actions={rowActions(row)}
                  />
                ) : null}
              </div>
              {facts.length > 0 ? (
                <dl className="grid gap-2">
                  {facts.map((column) => (
                    <div key={column.key} className="flex items-baseline justify-between gap-4">
                      <dt className="text-muted-foreground">{column.header}</dt>
                      <dd className="min-w-0 text-right [overflow-wrap:anywhere]">
                        {renderCell(column, row)}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
