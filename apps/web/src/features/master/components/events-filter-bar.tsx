import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EventsQuerySchema } from '@partner-portal/shared/master';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAddressDraft } from './use-address-draft';
import { hasFilters, parseFilters, trimAll, type FilterError } from './filter-draft';
import { DateRangeFields, FilterErrorLine, invalidProps } from './filter-fields';

export type EventsDraft = Record<'name' | 'account' | 'email' | 'from' | 'to', string>;

const EMPTY: EventsDraft = { name: '', account: '', email: '', from: '', to: '' };
/** One string per set of values, to tell whether the address holds another. */
const draftKey = (draft: EventsDraft) => new URLSearchParams(draft).toString();
const ERROR_ID = 'events-filter-error';
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
export function EventsFilterBar({
  values,
  onApply,
}: {
  /** The filters the address holds. */
  values: EventsDraft;
  onApply: (draft: EventsDraft) => void;
}) {
  const { t } = useTranslation();
  const parse = useParseEventsDraft();
  const [error, setError] = useState<FilterError | null>(null);
  const { draft, setDraft, markApplied } = useAddressDraft(values, draftKey, () => setError(null));
  const apply = (next: EventsDraft) => {
    const result = parse(next);
    setError(result.error);
    if (!result.filters) return;
    const trimmed = trimAll(next);
    markApplied(trimmed);
    onApply(trimmed);
  };
  const change = (patch: Partial<EventsDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    apply(next);
  };
  const applyTyped = useEffectEvent(() => apply(draft));
  useEffect(() => {
    const timer = setTimeout(applyTyped, TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.name, draft.account, draft.email]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };
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
        {...invalidProps(error, field, ERROR_ID)}
      />
    </div>
  );
  return (
    <form
      role="search"
      aria-label={t('master.events.filters')}
      onSubmit={submit}
      className="grid grid-cols-1 items-end gap-3 sm:flex sm:flex-wrap"
    >
      {typed('name', t('master.events.name'), t('master.events.name_placeholder'))}
      {typed('email', t('master.events.email'), t('master.events.email_placeholder'))}
      {typed('account', t('master.events.account'), t('master.events.account_placeholder'))}
      <div className="grid grid-cols-2 gap-3 sm:contents">
        <DateRangeFields
          idPrefix="events"
          from={draft.from}
          to={draft.to}
          error={error}
          errorId={ERROR_ID}
          onChange={change}
        />
      </div>
      {hasFilters(draft) ? (
        <Button type="button" variant="ghost" onClick={() => change(EMPTY)}>
          {t('master.filters.clear')}
        </Button>
      ) : null}
      {/* Enter in a typed field applies it at once. */}
      <button type="submit" className="sr-only" tabIndex={-1}>
        {t('master.filters.apply')}
      </button>
      <FilterErrorLine error={error} id={ERROR_ID} />
    </form>
  );
}
