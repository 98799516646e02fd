import type { FeedbackInput } from '@partner-portal/shared/support';
import { feedback } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import type { Actor } from '../../lib/auth-guard';

/** docs/product.md#screens-and-routes "Feedback widget": one rating (and an optional comment) from a signed-in member. */
export async function saveFeedback(
  ctx: AppContext,
  actor: Actor,
  input: FeedbackInput,
): Promise<{ id: string }> {
  const [row] = await ctx.db
    .insert(feedback)
    .values({
      userId: actor.userId,
      accountId: actor.accountId,
      rating: input.rating,
      comment: input.comment ? input.comment : null,
      createdAt: ctx.now(),
    })
    .returning({ id: feedback.id });
  if (!row) throw new Error('feedback not saved');
  return row;
}
