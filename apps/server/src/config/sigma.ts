import { z } from 'zod';
import { WorkbookKindSchema } from '@partner-portal/shared/workbooks';

/** Embed token claims when not configured; the built-in provider uses them as well. */
export const DEFAULT_SIGMA_ACCOUNT_TYPE = 'Viewer';
export const DEFAULT_SIGMA_PLUS_TEAM = 'Partner Portal Plus';

const SigmaWorkbooksSchema = z
  .array(
    z.object({
      name: z.string().trim().min(1),
      workbookId: z.string().trim().min(1),
      workbookUrlId: z.string().trim().min(1),
      kind: WorkbookKindSchema,
    }),
  )
  .superRefine((list, context) => {
    const ids = new Set<string>();
    list.forEach((workbook, index) => {
      if (ids.has(workbook.workbookId)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'workbookId'],
          message: 'is listed twice',
        });
      }
      ids.add(workbook.workbookId);
    });
    for (const kind of ['core', 'core_advertiser'] as const) {
      const count = list.filter((workbook) => workbook.kind === kind).length;
      if (count !== 1) {
        context.addIssue({
          code: 'custom',
          path: [],
          message: `needs exactly one workbook of kind "${kind}" (found ${count})`,
        });
      }
    }
  });
export type SigmaWorkbookConfig = z.infer<typeof SigmaWorkbooksSchema>[number];

/** SIGMA_WORKBOOKS: a JSON array of { name, workbookId, workbookUrlId, kind }. */
export function parseSigmaWorkbooks(
  value: string | undefined,
  problems: string[],
): SigmaWorkbookConfig[] | null {
  if (value === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    problems.push(
      'SIGMA_WORKBOOKS: must be a JSON array of { name, workbookId, workbookUrlId, kind }',
    );
    return null;
  }
  const parsed = SigmaWorkbooksSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const where = issue.path.length > 0 ? ` item ${issue.path.join('.')}` : '';
    problems.push(`SIGMA_WORKBOOKS:${where} ${issue.message}`);
  }
  return null;
}
