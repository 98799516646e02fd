import type { TFunction } from 'i18next';
import { AuditQuerySchema } from '@partner-portal/shared/audit';
import { MAX_REPORT_RANGE_DAYS } from '@partner-portal/shared/report-data';
import type { AuditFilters } from '../api/audit';

/** The filter fields as typed and chosen; '' is "any". */
export interface FilterDraft {
  from: string;
  to: string;
  actor: string;
  action: string;
  outcome: string;
}

export const EMPTY_DRAFT: FilterDraft = { from: '', to: '', actor: '', action: '', outcome: '' };

export interface FilterError {
  field: keyof FilterDraft;
  message: string;
}

/**
 * The draft read by the contract's own schema, so the screen never asks for what the server
 * would refuse (an end before the start, more than two years). Its messages are the shared
 * form messages, in the viewer's language, rather than the schema's English.
 */
export function parseDraft(
  draft: FilterDraft,
  t: TFunction,
): { filters: AuditFilters; error: null } | { filters: null; error: FilterError } {
  const set = Object.fromEntries(Object.entries(draft).filter(([, value]) => value.trim() !== ''));
  const parsed = AuditQuerySchema.safeParse(set);
  if (parsed.success) {
    const { page: _page, page_size: _pageSize, ...filters } = parsed.data;
    return { filters, error: null };
  }
  const issue = parsed.error.issues[0];
  const field = (issue?.path[0] ?? 'from') as keyof FilterDraft;
  let message: string;
  if (field === 'actor') {
    message = t('global.form.input.error.max_length', {
      label: t('audit.filters.actor'),
      max: 254,
    });
  } else if (issue?.code !== 'custom') {
    message = t('global.form.date.error.invalid');
  } else if (field === 'to') {
    message = t('global.form.date_range.error.order');
  } else {
    message = t('global.form.date_range.error.too_long', { days: MAX_REPORT_RANGE_DAYS });
  }
  return { filters: null, error: { field, message } };
}

export const hasFilters = (draft: FilterDraft) =>
  Object.values(draft).some((value) => value.trim() !== '');
