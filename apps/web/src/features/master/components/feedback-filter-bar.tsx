import { useTranslation } from 'react-i18next';
import { FEEDBACK_STATUSES, FeedbackQuerySchema } from '@partner-portal/shared/master';
import { FEEDBACK_RATINGS } from '@partner-portal/shared/constants';
import { FilterBar } from './filter-bar';
import { parseFilters } from './filter-draft';
import { FilterSelect } from './filter-fields';
import { useFilterDraft, type AddressFilters } from './use-filter-draft';

export type FeedbackDraft = Record<'rating' | 'status' | 'from' | 'to', string>;

/** The draft as the contract reads it; `filters` is null when the server would refuse it. */
export function useParseFeedbackDraft() {
  const { t } = useTranslation();
  return (draft: FeedbackDraft) =>
    parseFilters(FeedbackQuerySchema, draft, t, () => t('global.error.generic'));
}

/** The feedback filters: each applies as soon as it changes; a refused range is explained. */
export function FeedbackFilterBar({ values, onApply }: AddressFilters<FeedbackDraft>) {
  const { t } = useTranslation();
  const parse = useParseFeedbackDraft();
  const filters = useFilterDraft({ idPrefix: 'feedback', values, parse, onApply });
  const { draft, change } = filters;
  return (
    <FilterBar filters={filters} label={t('master.feedback.filters')} className="grid-cols-2">
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
    </FilterBar>
  );
}
