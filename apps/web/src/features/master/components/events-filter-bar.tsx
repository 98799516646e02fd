import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EventsQuerySchema } from '@partner-portal/shared/master';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FilterBar } from './filter-bar';
import { parseFilters } from './filter-draft';
import { invalidProps } from './filter-fields';
import { useFilterDraft, type AddressFilters } from './use-filter-draft';

export type EventsDraft = Record<'name' | 'account' | 'email' | 'from' | 'to', string>;

/** Typed fields apply once typing pauses; Enter applies them at once. */
const TYPING_DELAY_MS = 350;

/** The draft as the contract reads it; `filters` is null when the server would refuse it. */
export function useParseEventsDraft() {
  const { t } = useTranslation();
  return (draft: EventsDraft) =>
    parseFilters(EventsQuerySchema, draft, t, (field) =>
      field === 'name'
        ? t('master.events.invalid_name')
        : field === 'account'
          ? t('master.events.invalid_account')
          : t('global.form.input.error.max_length', { label: t('master.events.email'), max: 254 }),
    );
}

/** The events filters: dates apply as they change, the typed fields once typing pauses. */
export function EventsFilterBar({ values, onApply }: AddressFilters<EventsDraft>) {
  const { t } = useTranslation();
  const parse = useParseEventsDraft();
  const filters = useFilterDraft({ idPrefix: 'events', values, parse, onApply });
  const { draft, setDraft, error, errorId } = filters;
  const applyTyped = useEffectEvent(() => filters.apply());
  useEffect(() => {
    const timer = setTimeout(applyTyped, TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.name, draft.account, draft.email]);
  const typed = (field: 'name' | 'account' | 'email', label: string, placeholder: string) => (
    <div className="grid min-w-0 gap-1.5 sm:w-56">
      <Label htmlFor={`events-${field}`}>{label}</Label>
      <Input
        id={`events-${field}`}
        type={field === 'email' ? 'email' : 'search'}
        value={draft[field]}
        maxLength={254}
        placeholder={placeholder}
        onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
        {...invalidProps(error, field, errorId)}
      />
    </div>
  );
  return (
    <FilterBar
      filters={filters}
      label={t('master.events.filters')}
      className="grid-cols-1"
      datesClassName="grid grid-cols-2 gap-3 sm:contents"
      enterApplies
    >
      {typed('name', t('master.events.name'), t('master.events.name_placeholder'))}
      {typed('email', t('master.events.email'), t('master.events.email_placeholder'))}
      {typed('account', t('master.events.account'), t('master.events.account_placeholder'))}
    </FilterBar>
  );
}
