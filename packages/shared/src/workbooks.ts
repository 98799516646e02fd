import { z } from 'zod';
import { LOCALES } from './constants';
import { storableText } from './validation';
import { ReportFiltersSchema, ReportFocusSchema, ReportRangeQuerySchema } from './report-data';
import { isPlusEligible, type PlusEligibilityInput } from './plans';

/** docs/product.md#roles-and-permissions: advertisers get their own core workbook; Plus workbooks need the Plus entitlement. */
export const WORKBOOK_KINDS = ['core', 'core_advertiser', 'plus'] as const;
export const WorkbookKindSchema = z.enum(WORKBOOK_KINDS);
export type WorkbookKind = z.infer<typeof WorkbookKindSchema>;

/** docs/product.md#entities "Workbook": what a user may open, as `GET /api/sigma/workbook` lists it. */
export const WorkbookSchema = z.object({
  name: z.string(),
  workbookId: z.string(),
  kind: WorkbookKindSchema,
});
export type Workbook = z.infer<typeof WorkbookSchema>;
export const WorkbookListSchema = z.array(WorkbookSchema);

/** POST /api/sigma/workbook/embed */
export const EmbedInputSchema = z.object({
  workbook_id: storableText().trim().min(1).max(200),
  // The host page's current look, which may differ from the stored preference.
  theme: z.enum(['light', 'dark']).optional(),
  locale: z.enum(LOCALES).optional(),
  /** "Open in dashboard": the workbook opens narrowed to these values, within the viewer's scope. */
  filters: ReportFiltersSchema.optional(),
  /** The range the built-in workbook opens on (Sigma's keeps its own). */
  range: ReportRangeQuerySchema.optional(),
});
export type EmbedInput = z.infer<typeof EmbedInputSchema>;
export const EmbedResponseSchema = z.object({
  url: z.string(),
  expires_at: z.string().datetime({ offset: true }),
  /** What the URL opens on: the filters and range asked for, less what the provider cannot set. */
  applied: ReportFocusSchema,
});
export type EmbedResponse = z.infer<typeof EmbedResponseSchema>;

export interface WorkbookViewer extends PlusEligibilityInput {
  /** For advertisers with enable_plus: the only Plus workbooks they may open. */
  plus_dashboards?: readonly string[] | null | undefined;
}

/**
 * docs/product.md#states-and-transitions and docs/product.md#roles-and-permissions as one rule: exactly one core workbook (the advertiser kind for advertisers),
 * then the Plus workbooks the viewer qualifies for — none without the Plus entitlement, and for
 * advertisers only their `plus_dashboards`. Catalogue order is kept within each group.
 */
export function visibleWorkbooks<T extends Pick<Workbook, 'workbookId' | 'kind'>>(
  viewer: WorkbookViewer,
  catalogue: readonly T[],
): T[] {
  const coreKind: WorkbookKind = viewer.permission === 'advertiser' ? 'core_advertiser' : 'core';
  const core = catalogue.find((workbook) => workbook.kind === coreKind);
  const plus = isPlusEligible(viewer)
    ? catalogue.filter(
        (workbook) =>
          workbook.kind === 'plus' &&
          (viewer.permission !== 'advertiser' ||
            (viewer.plus_dashboards ?? []).includes(workbook.workbookId)),
      )
    : [];
  return [...(core ? [core] : []), ...plus];
}
