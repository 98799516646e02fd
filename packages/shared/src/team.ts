import { z } from 'zod';
import { encodeMessage } from './form-messages';
import { checkSupportDays, PROFILE_FIELDS } from './identity';
import {
  AssignablePermissionSchema,
  DEFAULT_INVITE_PERMISSION,
  PermissionSchema,
  type Permission,
} from './permissions';
import { EMAIL_MAX_LENGTH, PASSWORD_PROOF_MAX_LENGTH } from './field-limits';
import { isValidEmail, storableText } from './validation';

/** docs/product.md#states-and-transitions "User status": a pending invite, an account not yet verified, or a verified one. */
export const USER_STATUSES = ['verified', 'registered', 'invited'] as const;
export const UserStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** How many addresses one invite request may carry. */
export const MAX_INVITES_PER_REQUEST = 20;
export const ADVERTISER_NAME_MAX_LENGTH = 100;
export const MAX_PLUS_DASHBOARDS = 50;

const advertiserFields = {
  advertiser_name: storableText().trim().max(ADVERTISER_NAME_MAX_LENGTH).nullable().optional(),
  enable_plus: z.boolean().optional(),
  plus_dashboards: z
    .array(storableText().trim().min(1).max(200))
    .max(MAX_PLUS_DASHBOARDS)
    .optional(),
};

/** docs/product.md#entities "User row in lists", plus its status badge. Dates are ISO strings. */
export const TeamUserSchema = z.object({
  id: z.string(),
  avatar: z.string().nullable(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  last_login: z.string().nullable(),
  permission: PermissionSchema,
  verified: z.boolean(),
  status: z.enum(['verified', 'registered']),
  advertiser_name: z.string().nullable(),
  enable_plus: z.boolean(),
  plus_dashboards: z.array(z.string()),
  date_created: z.string(),
});
export type TeamUser = z.infer<typeof TeamUserSchema>;

/** docs/product.md#entities "Invite": an open invite of this account (accepted ones become users). */
export const TeamInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  date_sent: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
  permission: AssignablePermissionSchema,
  advertiser_name: z.string().nullable(),
  enable_plus: z.boolean(),
  plus_dashboards: z.array(z.string()),
  status: z.literal('invited'),
});
export type TeamInvite = z.infer<typeof TeamInviteSchema>;

/** GET /api/account/users. */
/**
 * GET /api/account/users/advertisers: the advertisers the account's report data names, for the
 * invite and edit dialogs (an advertiser user sees only their advertiser's rows), with the last
 * day each has data. At most ADVERTISER_LIST_LIMIT, by name.
 */
export const ADVERTISER_LIST_LIMIT = 1_000;
export const AdvertiserListSchema = z.object({
  advertisers: z.array(z.object({ name: z.string(), last_date: z.string() })),
});
export type AdvertiserList = z.infer<typeof AdvertiserListSchema>;

export const AccountUsersResponseSchema = z.object({
  users: z.array(TeamUserSchema),
  invites: z.array(TeamInviteSchema),
});
export type AccountUsersResponse = z.infer<typeof AccountUsersResponseSchema>;

export interface InviteEmailProblem {
  email: string;
  reason: 'invalid' | 'duplicate';
}

/**
 * Splits the invite dialog's "one or more e-mails separated by commas" (also semicolons, spaces
 * and new lines, as pasted from a mail client) into lower-cased addresses, with a problem per
 * malformed or repeated entry. Web form and server both use it, so both report the same e-mail.
 */
export function parseInviteEmails(text: string): {
  emails: string[];
  problems: InviteEmailProblem[];
} {
  const emails: string[] = [];
  const problems: InviteEmailProblem[] = [];
  for (const raw of text.split(/[,;\s]+/)) {
    const email = raw.trim().toLowerCase();
    if (!email) continue;
    if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) {
      problems.push({ email: raw.trim(), reason: 'invalid' });
    } else if (emails.includes(email)) {
      if (!problems.some((problem) => problem.email === email)) {
        problems.push({ email, reason: 'duplicate' });
      }
    } else {
      emails.push(email);
    }
  }
  return { emails, problems };
}

/** The e-mail list of an invite: at least one, at most MAX_INVITES_PER_REQUEST, each valid. */
export function inviteEmailsField() {
  return z
    .string({ error: encodeMessage('global.form.field.email') })
    .max(MAX_INVITES_PER_REQUEST * (EMAIL_MAX_LENGTH + 2))
    .transform((text, ctx) => {
      const { emails, problems } = parseInviteEmails(text);
      const first = problems[0];
      if (first) {
        ctx.addIssue({
          code: 'custom',
          message: encodeMessage(
            first.reason === 'invalid'
              ? 'global.form.email.error.invalid_item'
              : 'global.form.email.error.duplicate_item',
            { value: first.email },
          ),
        });
        return z.NEVER;
      }
      if (emails.length === 0) {
        ctx.addIssue({ code: 'custom', message: encodeMessage('global.form.field.email') });
        return z.NEVER;
      }
      if (emails.length > MAX_INVITES_PER_REQUEST) {
        ctx.addIssue({
          code: 'custom',
          message: encodeMessage('global.form.email.error.too_many', {
            max: MAX_INVITES_PER_REQUEST,
          }),
        });
        return z.NEVER;
      }
      return emails;
    });
}

interface AdvertiserInput {
  permission?: Permission | undefined;
  advertiser_name?: string | null | undefined;
  enable_plus?: boolean | undefined;
  plus_dashboards?: string[] | undefined;
}

/**
 * docs/product.md#states-and-transitions, docs/product.md#validation-rules "Permission in forms": an advertiser needs an advertiser name; enable-plus needs at
 * least one Plus dashboard. Checked only on the fields a request carries; the server checks the
 * merged member again.
 */
export function checkAdvertiserFields(input: AdvertiserInput, ctx: z.RefinementCtx): void {
  if (input.permission === 'advertiser' && !input.advertiser_name?.trim()) {
    ctx.addIssue({
      code: 'custom',
      path: ['advertiser_name'],
      message: encodeMessage('global.form.field.advertiser_name'),
    });
  }
  if (input.enable_plus === true && (input.plus_dashboards ?? []).length === 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['plus_dashboards'],
      message: encodeMessage('global.form.select.error.required'),
    });
  }
}

/**
 * POST /api/invite: invites each listed e-mail, or re-sends the open invite an e-mail already
 * has (docs/product.md#api-calls "resend": `{ email, permission }`). Never the owner permission.
 */
export const InviteInputSchema = z
  .strictObject({
    email: inviteEmailsField(),
    permission: AssignablePermissionSchema.default(DEFAULT_INVITE_PERMISSION),
    ...advertiserFields,
  })
  .superRefine(checkAdvertiserFields);
export type InviteInput = z.infer<typeof InviteInputSchema>;
/** What the invite form holds before parsing (the e-mail list is still text). */
export type InviteFormInput = z.input<typeof InviteInputSchema>;

/** POST /api/invite answers the invites it created or re-sent. */
export const InviteListResponseSchema = z.array(TeamInviteSchema);

const MEMBER_FIELDS = {
  id: z.string().uuid(),
  permission: AssignablePermissionSchema.optional(),
  ...advertiserFields,
};

/** PATCH /api/user with `id` (admins, docs/product.md#api-calls): a member's permission and advertiser fields. */
export const MemberUpdateInputSchema = z
  .strictObject(MEMBER_FIELDS)
  .superRefine(checkAdvertiserFields);
export type MemberUpdateInput = z.infer<typeof MemberUpdateInputSchema>;

const PROFILE_KEYS = new Set(Object.keys(PROFILE_FIELDS));
const MEMBER_KEYS = new Set(Object.keys(MEMBER_FIELDS));

/**
 * The one body PATCH /api/user takes (docs/product.md#api-calls): without `id` the caller edits their own profile
 * and preferences; with `id` an admin edits a member. A field of the other shape is refused by
 * name (so `permission` on oneself is a 400 naming `permission`), never ignored.
 */
export const UserPatchInputSchema = z
  .strictObject({ ...PROFILE_FIELDS, ...MEMBER_FIELDS, id: MEMBER_FIELDS.id.optional() })
  .superRefine((input, ctx) => {
    const keys = Object.keys(input);
    if (keys.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Send at least one field.' });
      return;
    }
    const allowed = input.id === undefined ? PROFILE_KEYS : MEMBER_KEYS;
    for (const key of keys) {
      if (!allowed.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: encodeMessage('global.form.field.not_allowed'),
        });
      }
    }
    if (input.id !== undefined) checkAdvertiserFields(input, ctx);
    else checkSupportDays(input, ctx);
  });
export type UserPatchInput = z.infer<typeof UserPatchInputSchema>;

/** DELETE /api/user/{id}: `signout` is true when the caller removed themself. */
export const RemoveUserResponseSchema = z.object({ signout: z.boolean() });

/**
 * DELETE /api/user and DELETE /api/account: the password confirms it; a user who has none (signed
 * up through a provider) types their e-mail address instead.
 */
export const CloseInputSchema = z.strictObject({
  password: storableText()
    .min(1, { error: encodeMessage('global.form.field.password') })
    .max(PASSWORD_PROOF_MAX_LENGTH)
    .optional(),
  email: storableText().trim().toLowerCase().max(EMAIL_MAX_LENGTH).optional(),
});
export type CloseInput = z.infer<typeof CloseInputSchema>;

/** GET /api/user/permissions: every permission, what it holds, and whether the caller may give it. */
export const PermissionsResponseSchema = z.record(
  PermissionSchema,
  z.object({ holds: z.array(PermissionSchema), assignable: z.boolean() }),
);
export type PermissionsResponse = z.infer<typeof PermissionsResponseSchema>;
