import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { hasFilters, type FilterError } from './filter-draft';
import { DateRangeFields, FilterErrorLine } from './filter-fields';

/**
 * A list's filters: the list's own fields, then From and To, Clear while anything is set, and
 * what is wrong with them. Each applies as it changes; Enter applies at once.
 */
export function FilterBar({
  filters,
  label,
  className,
  datesClassName,
  enterApplies = false,
  children,
}: {
  /** From `useFilterDraft`. */
  filters: {
    idPrefix: string;
    errorId: string;
    draft: Record<string, string> & { from: string; to: string };
    error: FilterError | null;
    change: (patch: { from?: string; to?: string }) => void;
    apply: () => void;
    clear: () => void;
  };
  label: string;
  /** The form's grid columns on phones. */
  className: string;
  /** Given, From and To share a box of their own on phones. */
  datesClassName?: string;
  /** Typed fields need a submit button for Enter to reach the form. */
  enterApplies?: boolean;
  /** The list's own fields, before the dates. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { idPrefix, errorId, draft, error, change } = filters;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    filters.apply();
  };
  const dates = (
    <DateRangeFields
      idPrefix={idPrefix}
      from={draft.from}
      to={draft.to}
      error={error}
      errorId={errorId}
      onChange={change}
    />
  );
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={submit}
      className={cn('grid', className, 'items-end gap-3 sm:flex sm:flex-wrap')}
    >
      {children}
      {datesClassName ? <div className={datesClassName}>{dates}</div> : dates}
      {hasFilters(draft) ? (
        <Button type="button" variant="ghost" onClick={filters.clear}>
          {t('master.filters.clear')}
        </Button>
      ) : null}
      {enterApplies ? (
        <button type="submit" className="sr-only" tabIndex={-1}>
          {t('master.filters.apply')}
        </button>
      ) : null}
      <FilterErrorLine error={error} id={errorId} />
    </form>
  );
}
