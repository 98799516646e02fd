import { z } from 'zod';
import { PlanIdSchema } from './plans';
import { ImportProblemSchema } from './report-import';

/** docs/product.md#api-calls: every success is `{ data }`, optionally with a message to show as a notification. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

/** docs/product.md#errors: every error is `{ message, inputError?, plan? }` with the HTTP status. */
/**
 * What a client may act on beyond the status (docs/product.md#errors): `step_up_required` asks
 * for a fresh 2FA code before an operator's sensitive action; `master_2fa_required` sends an
 * operator to turn 2FA on before the console opens; `2fa_required` tells a member whose account
 * requires 2FA, past its deadline, that only setting it up (and their profile, signing out and
 * switching accounts) is open to them; `access_changed` (with 401) tells a member whose permission
 * an administrator changed why their session ended, so the sign-in page can say so.
 */
export const ERROR_CODES = [
  'step_up_required',
  'master_2fa_required',
  '2fa_required',
  'access_changed',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorResponseSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES).optional(),
  inputError: z.string().optional(),
  plan: PlanIdSchema.optional(),
  requestId: z.string().optional(),
  /** A refused file upload: the lines at fault (the first of them, `problemCount` in all). */
  problems: z.array(ImportProblemSchema).optional(),
  problemCount: z.number().int().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  providers: z.object({
    mail: z.enum(['smtp', 'outbox']),
    billing: z.enum(['stripe', 'local']),
    analytics: z.enum(['sigma', 'local']),
  }),
});
export type Health = z.infer<typeof HealthSchema>;

/** GET /api/ready: whether this instance should get traffic, and what each dependency said. */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unavailable', 'draining']),
  checks: z.object({
    database: z.enum(['ok', 'unreachable']),
    /** Absent when no REDIS_URL is configured. */
    redis: z.enum(['ok', 'unreachable']).optional(),
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

export { XSRF_COOKIE, XSRF_HEADER } from './constants';
