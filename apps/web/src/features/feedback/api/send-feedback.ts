import type { FeedbackInput } from '@partner-portal/shared/support';
import { api } from '@/lib/api-client';

/**
 * POST /api/feedback (docs/product.md#api-calls): the face picked and an optional comment; answers a thank-you.
 * Only the message is read (the saved feedback's id is of no use here), so there is no data to check.
 */
export async function sendFeedback(input: FeedbackInput): Promise<string | undefined> {
  const { message } = await api.post('/api/feedback', input);
  return message;
}
