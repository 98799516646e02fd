import { z } from 'zod';
import { withRangeRules } from './report-data';
import { AuditEventSchema } from './audit';
import { PermissionSchema } from './permissions';
import { PlanIdSchema } from './plans';
import { FeedbackRatingSchema } from './support';
import { EVENT_NAME_PATTERN } from './identity';
import { calendarDay, requiredText, storableText } from './validation';

/*
 * The operator console (docs/product.md#operator-console): `/master` on the web, `/api/master/*`
 * on the server, for masters with 2FA on. Every request and answer of it is here.
 */

/** How long a code typed for step-up keeps the sensitive actions open (docs/security.md#operator-console). */
export const STEP_UP_TTL_MS = 10 * 60_000;
/** Days the overview looks back by default, and at most. */
export const OVERVIEW_DEFAULT_DAYS = 30;
export const OVERVIEW_MAX_DAYS = 365;
export const CONSOLE_PAGE_SIZE_MAX = 100;
export const IMPERSONATION_REASON_MIN_LENGTH = 5;
export const IMPERSONATION_REASON_MAX_LENGTH = 500;
export const FEEDBACK_NOTE_MAX_LENGTH = 2_000;

const isoDay = calendarDay();
const page = z.coerce.number().int().min(1).max(100_000).optional().default(1);
const pageSize = z.coerce.number().int().min(1).max(CONSOLE_PAGE_SIZE_MAX).optional().default(25);
/** Search text: a name, an e-mail or part of one, or an id. */
const search = storableText().trim().max(254).optional();

function pageOf<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

/** GET /api/master/session: what the console needs before it opens. */
export const ConsoleSessionSchema = z.object({
  two_factor: z.boolean(),
  /** Until when the sensitive actions are open without another code; null: closed. */
  stepped_up_until: z.string().nullable(),
});
export type ConsoleSession = z.infer<typeof ConsoleSessionSchema>;

/** POST /api/master/step-up: a code from the master's authenticator app. */
export const StepUpInputSchema = z.strictObject({
  code: z.string().regex(/^\d{6}$/, { message: 'Enter the 6-digit code from your app.' }),
});

// ── Overview ──────────────────────────────────────────────────────────────────────────────

export const OverviewQuerySchema = z.strictObject({
  days: z.coerce
    .number()
    .int()
    .min(7)
    .max(OVERVIEW_MAX_DAYS)
    .optional()
    .default(OVERVIEW_DEFAULT_DAYS),
});
export type OverviewQuery = z.infer<typeof OverviewQuerySchema>;

/** A figure for the chosen period and the one before it (null where it has no meaning). */
const FigureSchema = z.object({ value: z.number(), previous: z.number().nullable() });
export type Figure = z.infer<typeof FigureSchema>;

/** One value a day, oldest first. */
const SeriesSchema = z.array(z.object({ day: z.string(), value: z.number() }));

export const OverviewSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  signups: FigureSchema,
  /** Of the users who signed up in the period, the share verified (0–1). */
  verification_rate: FigureSchema,
  active_users: z.object({ daily: FigureSchema, weekly: FigureSchema, monthly: FigureSchema }),
  /** In cents, at the end of the period; `net_new` is the change over it. */
  mrr: FigureSchema.extend({ net_new: z.number(), currency: z.string() }),
  /** Subscriptions ended in the period over those live at its start (0–1). */
  churn: FigureSchema,
  /** Positive minus negative ratings, over all ratings, ×100 (−100 to 100); null without any. */
  feedback: z.object({
    score: z.number().nullable(),
    previous: z.number().nullable(),
    ratings: z.number().int(),
  }),
  plan_mix: z.array(z.object({ plan: PlanIdSchema, accounts: z.number().int() })),
  series: z.object({
    signups: SeriesSchema,
    active_users: SeriesSchema,
    mrr: SeriesSchema,
  }),
});
export type Overview = z.infer<typeof OverviewSchema>;

export const ConsoleEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
  account: z.object({ id: z.string(), name: z.string() }).nullable(),
  metadata: z.record(z.string(), z.unknown()),
  created: z.string(),
});
export type ConsoleEvent = z.infer<typeof ConsoleEventSchema>;

// ── Accounts ──────────────────────────────────────────────────────────────────────────────

export const ConsoleListQuerySchema = z.strictObject({ q: search, page, page_size: pageSize });
export type ConsoleListQuery = z.infer<typeof ConsoleListQuerySchema>;

export const ConsoleAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner_email: z.string().nullable(),
  plan: PlanIdSchema.nullable(),
  subscription: z.string().nullable(),
  seats: z.number().int(),
  /** Cents a month. */
  mrr: z.number().int(),
  created: z.string(),
  last_active: z.string().nullable(),
  closed: z.boolean(),
  disabled: z.boolean(),
});
export type ConsoleAccount = z.infer<typeof ConsoleAccountSchema>;
export const ConsoleAccountListSchema = pageOf(ConsoleAccountSchema);
export type ConsoleAccountList = z.infer<typeof ConsoleAccountListSchema>;

const MemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  permission: PermissionSchema,
  last_login: z.string().nullable(),
});

export const ConsoleAccountDetailSchema = z.object({
  account: ConsoleAccountSchema,
  members: z.array(MemberSchema),
  invites: z.array(
    z.object({ id: z.string(), email: z.string(), permission: z.string(), date_sent: z.string() }),
  ),
  subscription: z
    .object({
      plan: PlanIdSchema,
      status: z.string(),
      seats: z.number().int(),
      current_period_end: z.string().nullable(),
      cancel_at_period_end: z.boolean(),
      scheduled_plan: PlanIdSchema.nullable(),
      provider: z.string(),
    })
    .nullable(),
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      date: z.string(),
      status: z.string(),
      total: z.number().int(),
      currency: z.string(),
    }),
  ),
  events: z.array(ConsoleEventSchema),
  audit: z.array(AuditEventSchema),
});
export type ConsoleAccountDetail = z.infer<typeof ConsoleAccountDetailSchema>;

/** POST /api/master/accounts/{id}/plan: the owner's plan rules, through the payment provider. */
export const ConsolePlanInputSchema = z.strictObject({ plan: PlanIdSchema });

// ── Users ─────────────────────────────────────────────────────────────────────────────────

export const ConsoleUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), permission: PermissionSchema })),
  verified: z.boolean(),
  two_factor: z.boolean(),
  last_login: z.string().nullable(),
  support_access: z.boolean(),
  /** When the user's consent to support access ends (ISO), while it lasts. */
  support_until: z.string().nullable(),
  disabled: z.boolean(),
  master: z.boolean(),
  created: z.string(),
});
export type ConsoleUser = z.infer<typeof ConsoleUserSchema>;
export const ConsoleUserListSchema = pageOf(ConsoleUserSchema);
export type ConsoleUserList = z.infer<typeof ConsoleUserListSchema>;

export const ConsoleSessionRowSchema = z.object({
  id: z.string(),
  account: z.object({ id: z.string(), name: z.string() }),
  created: z.string(),
  last_seen: z.string(),
  expires: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** An operator's support session: whose. */
  impersonator: z.string().nullable(),
});
export type ConsoleSessionRow = z.infer<typeof ConsoleSessionRowSchema>;

export const ConsoleUserDetailSchema = z.object({
  user: ConsoleUserSchema,
  sessions: z.array(ConsoleSessionRowSchema),
});
export type ConsoleUserDetail = z.infer<typeof ConsoleUserDetailSchema>;

/** POST /api/master/users/{id}/impersonate: why, in the operator's words (it is audited). */
export const ImpersonateInputSchema = z.strictObject({
  reason: requiredText({
    field: 'reason',
    min: IMPERSONATION_REASON_MIN_LENGTH,
    max: IMPERSONATION_REASON_MAX_LENGTH,
  }),
});
export const ImpersonateResponseSchema = z.object({ url: z.string() });

// ── Feedback and events ───────────────────────────────────────────────────────────────────

export const FEEDBACK_STATUSES = ['new', 'triaged', 'done'] as const;
export const FeedbackStatusSchema = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof FeedbackStatusSchema>;

const dayRange = {
  from: isoDay.optional(),
  to: isoDay.optional(),
};

export const FeedbackQuerySchema = withRangeRules(
  z.strictObject({
    rating: FeedbackRatingSchema.optional(),
    status: FeedbackStatusSchema.optional(),
    ...dayRange,
    page,
    page_size: pageSize,
  }),
);
export type FeedbackQuery = z.infer<typeof FeedbackQuerySchema>;

export const ConsoleFeedbackSchema = z.object({
  id: z.string(),
  rating: FeedbackRatingSchema,
  comment: z.string().nullable(),
  status: FeedbackStatusSchema,
  note: z.string().nullable(),
  user: z.object({ id: z.string(), email: z.string() }).nullable(),
  account: z.object({ id: z.string(), name: z.string() }).nullable(),
  created: z.string(),
});
export type ConsoleFeedback = z.infer<typeof ConsoleFeedbackSchema>;
export const ConsoleFeedbackListSchema = pageOf(ConsoleFeedbackSchema);
export type ConsoleFeedbackList = z.infer<typeof ConsoleFeedbackListSchema>;

/** PATCH /api/master/feedback/{id}: triage. */
export const FeedbackTriageInputSchema = z
  .strictObject({
    status: FeedbackStatusSchema.optional(),
    note: storableText().trim().max(FEEDBACK_NOTE_MAX_LENGTH).nullable().optional(),
  })
  .refine((input) => input.status !== undefined || input.note !== undefined, {
    path: ['status'],
    message: 'Send a status or a note.',
  });
export type FeedbackTriageInput = z.infer<typeof FeedbackTriageInputSchema>;

export const EventsQuerySchema = withRangeRules(
  z.strictObject({
    name: z.string().regex(EVENT_NAME_PATTERN).optional(),
    /** An account id. */
    account: z.uuid().optional(),
    /** A user's e-mail, exactly (any case). */
    email: storableText().trim().max(254).optional(),
    ...dayRange,
    page,
    page_size: pageSize,
  }),
);
export type EventsQuery = z.infer<typeof EventsQuerySchema>;

/** GET /api/master/events: a page of events, and the counts per name per day of the same filter. */
export const ConsoleEventListSchema = pageOf(ConsoleEventSchema).extend({
  counts: z.object({
    days: z.array(z.string()),
    /** The names with the most events first (at most eight); the rest summed as `other`. */
    names: z.array(
      z.object({ name: z.string(), total: z.number().int(), per_day: z.array(z.number().int()) }),
    ),
  }),
});
export type ConsoleEventList = z.infer<typeof ConsoleEventListSchema>;
