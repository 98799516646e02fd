import { useEffect, useEffectEvent, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_OUTCOMES } from '@partner-portal/shared/audit';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { AuditFilters } from '../api/audit';
import { actionLabel, KNOWN_AUDIT_ACTIONS } from '../audit-actions';
import {
  EMPTY_DRAFT,
  hasFilters,
  parseDraft,
  type FilterDraft,
  type FilterError,
} from './filter-draft';

// Radix refuses '' as an option value, so "All" has a name of its own.
const ALL = 'all';
/** The actor applies once typing pauses, not on every key; Enter applies it at once. */
const ACTOR_DELAY_MS = 350;
const ERROR_ID = 'audit-filter-error';

/**
 * The log's filters. Dates and the two selects apply as soon as they change, the actor when
 * typing pauses; a range the server would refuse is explained under its field and not sent.
 */
export function AuditFilterBar({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_DRAFT);
  const [error, setError] = useState<FilterError | null>(null);

  const apply = (next: FilterDraft) => {
    const result = parseDraft(next, t);
    setError(result.error);
    if (result.filters) onApply(result.filters);
  };
  const change = (patch: Partial<FilterDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    apply(next);
  };

  const applyTyped = useEffectEvent(() => apply(draft));
  useEffect(() => {
    const timer = setTimeout(applyTyped, ACTOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft.actor]);

  const invalid = (field: keyof FilterDraft) =>
    error?.field === field ? ({ 'aria-invalid': true, 'aria-describedby': ERROR_ID } as const) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  return (
    <form
      role="search"
      aria-label={t('audit.filters.label')}
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="audit-from">{t('audit.filters.from')}</Label>
        <Input
          id="audit-from"
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => change({ from: event.target.value })}
          className="w-40"
          {...invalid('from')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-to">{t('audit.filters.to')}</Label>
        <Input
          id="audit-to"
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => change({ to: event.target.value })}
          className="w-40"
          {...invalid('to')}
        />
      </div>
      <div className="grid min-w-48 flex-1 gap-1.5">
        <Label htmlFor="audit-actor">{t('audit.filters.actor')}</Label>
        <Input
          id="audit-actor"
          type="search"
          value={draft.actor}
          maxLength={254}
          placeholder={t('audit.filters.actor_placeholder')}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
          {...invalid('actor')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-action">{t('audit.filters.action')}</Label>
        <Select
          id="audit-action"
          value={draft.action || ALL}
          onValueChange={(value) => change({ action: value === ALL ? '' : value })}
          className="w-56"
          options={[
            { value: ALL, label: t('audit.filters.action_all') },
            ...KNOWN_AUDIT_ACTIONS.map((action) => ({
              value: action,
              label: actionLabel(action, t),
            })),
          ]}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-outcome">{t('audit.filters.outcome')}</Label>
        <Select
          id="audit-outcome"
          value={draft.outcome || ALL}
          onValueChange={(value) => change({ outcome: value === ALL ? '' : value })}
          className="w-40"
          options={[
            { value: ALL, label: t('audit.filters.outcome_all') },
            ...AUDIT_OUTCOMES.map((outcome) => ({
              value: outcome,
              label: t(`audit.outcomes.${outcome}`),
            })),
          ]}
        />
      </div>
      {hasFilters(draft) ? (
        <Button type="button" variant="ghost" onClick={() => change(EMPTY_DRAFT)}>
          {t('audit.filters.clear')}
        </Button>
      ) : null}
      {error ? (
        <p id={ERROR_ID} role="alert" className="basis-full text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
