import type { ColumnPriority } from './data-table-model';

/**
 * The width of the table's own box (a container query, not the window: the account menu takes
 * 13rem beside it from `md` on) from which a column of each priority shows; below it the header
 * and the cells are display: none, so nothing scrolls sideways and screen readers skip them as
 * sighted users do. The strings are whole so Tailwind finds them in this file.
 */
const SHOWN_FROM: Record<ColumnPriority, string> = {
  1: '',
  2: 'hidden @md:table-cell', // 28rem
  3: 'hidden @xl:table-cell', // 36rem
  4: 'hidden @2xl:table-cell', // 42rem
  5: 'hidden @4xl:table-cell', // 56rem
};

export function priorityClass(priority: ColumnPriority | undefined): string {
  return SHOWN_FROM[priority ?? 1];
}
