import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, type SelectOption } from '@/components/ui/select';
import type { FilterError } from './filter-draft';

// Radix refuses '' as an option value, so "All" has a name of its own.
const ALL = 'all';

/** Props that mark a field refused by the filter's error, and point it at the message. */
export function invalidProps(error: FilterError | null, field: string, errorId: string) {
  return error?.field === field
    ? ({ 'aria-invalid': true, 'aria-describedby': errorId } as const)
    : {};
}

/** A filter's select with "All" first; '' is "all". */
export function FilterSelect({
  id,
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  options: SelectOption[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        id={id}
        value={value || ALL}
        onValueChange={(next) => onChange(next === ALL ? '' : next)}
        className="w-full sm:w-40"
        options={[{ value: ALL, label: allLabel }, ...options]}
      />
    </div>
  );
}

/** From and To, each bounding the other; they apply as soon as they change. */
export function DateRangeFields({
  idPrefix,
  from,
  to,
  error,
  errorId,
  onChange,
}: {
  idPrefix: string;
  from: string;
  to: string;
  error: FilterError | null;
  errorId: string;
  onChange: (patch: { from?: string; to?: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-from`}>{t('master.filters.from')}</Label>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(event) => onChange({ from: event.target.value })}
          className="w-full sm:w-40"
          {...invalidProps(error, 'from', errorId)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-to`}>{t('master.filters.to')}</Label>
        <Input
          id={`${idPrefix}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(event) => onChange({ to: event.target.value })}
          className="w-full sm:w-40"
          {...invalidProps(error, 'to', errorId)}
        />
      </div>
    </>
  );
}

/** The line under a filter bar saying what is wrong with it. */
export function FilterErrorLine({ error, id }: { error: FilterError | null; id: string }) {
  return error ? (
    <p id={id} role="alert" className="basis-full text-sm text-destructive">
      {error.message}
    </p>
  ) : null;
}
