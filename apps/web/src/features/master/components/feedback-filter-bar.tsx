import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_STATUSES, FeedbackQuerySchema } from '@partner-portal/shared/master';
import { FEEDBACK_RATINGS } from '@partner-portal/shared/support';
import { Button } from '@/components/ui/button';
import { useAddressDraft } from './use-address-draft';
import { hasFilters, parseFilters, trimAll, type FilterError } from './filter-draft';
import { DateRangeFields, FilterErrorLine, FilterSelect } from './filter-fields';

export type FeedbackDraft = Record<'rating' | 'status' | 'from' | 'to', string>;

const EMPTY: FeedbackDraft = { rating: '', status: '', from: '', to: '' };
/** One string per set of values, to tell whether the address holds another. */
const draftKey = (draft: FeedbackDraft) => new URLSearchParams(draft).toString();
const ERROR_ID = 'feedback-filter-error';

/** The draft as the contract reads it; `filters` is null when the server would refuse it. */
export function useParseFeedbackDraft() {
  const { t } = useTranslation();
  return (draft: FeedbackDraft) =>
    parseFilters(FeedbackQuerySchema, draft, t, () => t('global.error.generic'));
}

/** The feedback filters: each applies as soon as it changes; a refused range is explained. */
export function FeedbackFilterBar({
  values,
  onApply,
}: {
  /** The filters the address holds. */
  values: FeedbackDraft;
  onApply: (draft: FeedbackDraft) => void;
}) {
  const { t } = useTranslation();
  const parse = useParseFeedbackDraft();
  const [error, setError] = useState<FilterError | null>(null);
  const { draft, setDraft, markApplied } = useAddressDraft(values, draftKey, () => setError(null));
  const change = (patch: Partial<FeedbackDraft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    const result = parse(next);
    setError(result.error);
    if (!result.filters) return;
    const trimmed = trimAll(next);
    markApplied(trimmed);
    onApply(trimmed);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({});
  };
  return (
    <form
      role="search"
      aria-label={t('master.feedback.filters')}
      onSubmit={submit}
      className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
    >
      <FilterSelect
        id="feedback-rating"
        label={t('master.feedback.rating')}
        allLabel={t('master.filters.all')}
        value={draft.rating}
        onChange={(rating) => change({ rating })}
        options={FEEDBACK_RATINGS.map((rating) => ({
          value: rating,
          label: t(`master.feedback.ratings.${rating}`),
        }))}
      />
      <FilterSelect
        id="feedback-status"
        label={t('master.feedback.status')}
        allLabel={t('master.filters.all')}
        value={draft.status}
        onChange={(status) => change({ status })}
        options={FEEDBACK_STATUSES.map((status) => ({
          value: status,
          label: t(`master.feedback.statuses.${status}`),
        }))}
      />
      <DateRangeFields
        idPrefix="feedback"
        from={draft.from}
        to={draft.to}
        error={error}
        errorId={ERROR_ID}
        onChange={change}
      />
      {hasFilters(draft) ? (
        <Button type="button" variant="ghost" onClick={() => change(EMPTY)}>
          {t('master.filters.clear')}
        </Button>
      ) : null}
      <FilterErrorLine error={error} id={ERROR_ID} />
    </form>
  );
}
