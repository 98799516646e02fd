import { z } from 'zod';
import { FEEDBACK_COMMENT_MAX_LENGTH, FEEDBACK_RATINGS } from './constants';
import { encodeMessage } from './form-messages';
import { EMAIL_MAX_LENGTH } from './field-limits';
import { requiredText, storableText } from './validation';

export const HELP_MESSAGE_MAX_LENGTH = 5_000;

/**
 * POST /api/utility/mail (docs/product.md#api-calls: email, name, template "help", message). The mail goes to
 * SUPPORT_EMAIL with the signed-in user as reply-to; `email` and `name`, when sent, must be the
 * user's own (the server answers from its records, so a body cannot borrow someone's address).
 */
export const SupportMailInputSchema = z.strictObject({
  template: z.literal('help'),
  message: requiredText({ field: 'message', max: HELP_MESSAGE_MAX_LENGTH }),
  email: storableText().trim().toLowerCase().max(EMAIL_MAX_LENGTH).optional(),
  name: storableText().trim().max(200).optional(),
});
export type SupportMailInput = z.infer<typeof SupportMailInputSchema>;

// The ratings and the comment's limit are zod-free constants (./constants): the widget in every
// signed-in page's header draws from them without building these schemas.
export const FeedbackRatingSchema = z.enum(FEEDBACK_RATINGS);

/** POST /api/feedback. */
export const FeedbackInputSchema = z.strictObject({
  rating: FeedbackRatingSchema,
  comment: storableText()
    .trim()
    .max(FEEDBACK_COMMENT_MAX_LENGTH, {
      error: encodeMessage('global.form.input.error.max_length', {
        max: FEEDBACK_COMMENT_MAX_LENGTH,
      }),
    })
    .nullable()
    .optional(),
});
export type FeedbackInput = z.infer<typeof FeedbackInputSchema>;
