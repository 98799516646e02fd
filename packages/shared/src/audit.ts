import { z } from 'zod';
import { withRangeRules } from './report-data';
import { calendarDay, storableText } from './validation';

/** Who did it: a person, a key, the operator, or the service itself. */
export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'master', 'system'] as const;
export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export const AuditOutcomeSchema = z.enum(AUDIT_OUTCOMES);
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * Every action the server records (docs/product.md#audit-log), in the order the screen's filter
 * offers them; `recordAudit` takes only these, and each has a label in every language.
 */
export const AUDIT_ACTIONS = [
  'auth.signin',
  'auth.signin_failed',
  'auth.signout',
  'user.password_changed',
  'user.2fa_enabled',
  'user.2fa_disabled',
  'user.email_changed',
  'user.support_access_changed',
  'user.closed',
  'invite.created',
  'invite.resent',
  'invite.revoked',
  'invite.accepted',
  'member.updated',
  'member.removed',
  'account.plan_changed',
  'account.plan_scheduled',
  'account.card_updated',
  'account.billing_reconciled',
  'account.closed',
  'account.2fa_policy_changed',
  'account.2fa_enforced',
  'account.insights_narrative_changed',
  'sso.configured',
  'sso.removed',
  'sso.domain_added',
  'sso.domain_verified',
  'sso.domain_removed',
  'sso.member_joined',
  'sso.scim_token_created',
  'sso.scim_token_revoked',
  'scim.user_provisioned',
  'scim.user_updated',
  'scim.user_deactivated',
  'scim.user_reactivated',
  'scim.user_deleted',
  'scim.permission_changed',
  'scim.group_created',
  'scim.group_updated',
  'scim.group_deleted',
  'sso.scim_groups_mapped',
  'impersonation.started',
  'impersonation.request',
  'impersonation.ended',
  'master.stepped_up',
  'account.disabled',
  'account.enabled',
  'user.disabled',
  'user.enabled',
  'user.2fa_reset',
  'user.verification_resent',
  'session.revoked',
  'feedback.triaged',
  'api_key.created',
  'api_key.updated',
  'api_key.rolled',
  'api_key.revoked',
  'api_key.deleted',
  'api_key.denied',
  'webhook.created',
  'webhook.updated',
  'webhook.secret_rotated',
  'webhook.deleted',
  'webhook.disabled',
  'dashboard.viewed',
  'report.exported',
  'report.imported',
  'audit.exported',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * A read that moves data out (an export, an opened dashboard, a support session's GET) repeated,
 * identical, by the same actor within this long of its row adds to that row's count instead of
 * writing another (docs/product.md#audit-log).
 */
export const AUDIT_REPEAT_WINDOW_MS = 5 * 60_000;

/** What a row's target is; each has a label in every language. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'account',
  'session',
  'invite',
  'api_key',
  'route',
  'workbook',
  'report',
  'audit_log',
  'feedback',
  'webhook',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** Actions are `noun.verb` (`api_key.created`, `auth.signin_failed`). */
export const AUDIT_ACTION_PATTERN = /^[a-z_]+\.[a-z0-9_]+$/;
export const AUDIT_PAGE_SIZE_MAX = 100;

const isoDay = calendarDay();

/** The filters of the log and its exports; every one optional. */
const auditFilterShape = {
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** One account's rows (the operator's; an account's own log is always its own). */
  account: z.uuid().optional(),
  /** An actor's e-mail, user id or key id. */
  actor: storableText().trim().min(1).max(254).optional(),
  action: z.string().regex(AUDIT_ACTION_PATTERN).optional(),
  outcome: AuditOutcomeSchema.optional(),
};

/** GET /api/audit, /api/audit.csv and /api/audit.json: the filters, and paging for the list. */
export const AuditQuerySchema = withRangeRules(
  z.strictObject({
    ...auditFilterShape,
    page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    page_size: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).optional().default(50),
  }),
);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** One row of the audit log as the screen and the API show it. Dates are ISO strings. */
export const AuditEventSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  account_id: z.string().nullable(),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    id: z.string().nullable(),
    label: z.string().nullable(),
  }),
  on_behalf_of: z.string().nullable(),
  action: z.string(),
  target: z.object({ type: z.string().nullable(), id: z.string().nullable() }),
  outcome: AuditOutcomeSchema,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  request_id: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  /** 1, or how many identical reads this row stands for (AUDIT_READ_ACTIONS), the last at `last_at`. */
  count: z.number().int().min(1),
  last_at: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditListResponseSchema = z.object({
  rows: z.array(AuditEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/**
 * GET /api/audit.json: the export as a file, in the API's envelope so a script reads it like any
 * other answer; the filters it was made with travel with it.
 */
export const AuditExportSchema = z.object({
  exported_at: z.string(),
  filters: z.object(auditFilterShape),
  rows: z.array(AuditEventSchema),
});
export type AuditExport = z.infer<typeof AuditExportSchema>;
