import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { OVERVIEW_MAX_DAYS } from '@partner-portal/shared/master';

export interface FilterError {
  field: string;
  message: string;
}

type Parsed<F> = { filters: F; error: null } | { filters: null; error: FilterError };

/** The longest range the console's lists take (FeedbackQuerySchema, EventsQuerySchema). */
const MAX_RANGE_DAYS = OVERVIEW_MAX_DAYS * 2;

/**
 * Filter fields as typed and chosen ('' is "any") read by the contract's own query schema, so
 * the screen never asks for what the server would refuse. A date's message is the shared form
 * message in the viewer's language; another field's comes from `fieldMessage`.
 */
export function parseFilters<Q extends { page: number; page_size: number }>(
  schema: z.ZodType<Q>,
  draft: Record<string, string>,
  t: TFunction,
  fieldMessage: (field: string) => string,
): Parsed<Omit<Q, 'page' | 'page_size'>> {
  const set = Object.fromEntries(
    Object.entries(draft)
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value !== ''),
  );
  const parsed = schema.safeParse(set);
  if (parsed.success) {
    const { page: _page, page_size: _pageSize, ...filters } = parsed.data;
    return { filters, error: null };
  }
  const issue = parsed.error.issues[0];
  const field = String(issue?.path[0] ?? 'from');
  let message: string;
  if (field !== 'from' && field !== 'to') message = fieldMessage(field);
  else if (issue?.code !== 'custom') message = t('global.form.date.error.invalid');
  else if (field === 'to') message = t('global.form.date_range.error.order');
  else message = t('global.form.date_range.error.too_long', { days: MAX_RANGE_DAYS });
  return { filters: null, error: { field, message } };
}

/** The same fields, each trimmed, as they go to the address. */
export const trimAll = <D extends Record<string, string>>(draft: D): D =>
  Object.fromEntries(Object.entries(draft).map(([key, value]) => [key, value.trim()])) as D;

/** The same fields, each emptied: no filter at all. */
export const emptyAll = <D extends Record<string, string>>(draft: D): D =>
  Object.fromEntries(Object.keys(draft).map((key) => [key, ''])) as D;

export const hasFilters = (draft: Record<string, string>) =>
  Object.values(draft).some((value) => value.trim() !== '');
