import { z } from 'zod';

/** Events a workbook iframe posts (Sigma's, and the built-in page's in the same shape). */
const WorkbookMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('workbook:loaded') }),
  z.object({ type: z.literal('workbook:dataloaded') }),
  z.object({
    type: z.literal('workbook:error'),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
  z.object({ type: z.literal('workbook:pageheight:onchange'), pageHeight: z.number().positive() }),
]);
export type WorkbookMessage = z.infer<typeof WorkbookMessageSchema>;

/**
 * Accepts a message only from the frame we created, at the origin we sent it to: another
 * window or origin cannot drive the dashboard.
 */
export function readWorkbookMessage(
  event: MessageEvent,
  frame: HTMLIFrameElement | null,
  expectedOrigin: string,
): WorkbookMessage | null {
  if (!frame || event.source !== frame.contentWindow || event.origin !== expectedOrigin)
    return null;
  const parsed = WorkbookMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}
