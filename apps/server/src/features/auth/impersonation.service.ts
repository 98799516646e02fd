import { eq, sql } from 'drizzle-orm';
import {
  IMPERSONATION_REASON_MAX_LENGTH,
  IMPERSONATION_REASON_MIN_LENGTH,
  ImpersonateInputSchema,
} from '@partner-portal/shared/master';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { issueOneTimeToken, redeemOneTimeToken } from '../../lib/one-time-token';
import { recordEvent } from '../../lib/events';
import { findSigninAccountId } from '../../lib/current-user';
import { startImpersonation } from '../identity/session.service';
import type { RequestMeta } from '../../lib/request-meta';

type UserRow = typeof users.$inferSelect;

async function userWhere(db: Db, where: ReturnType<typeof eq>): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(where).limit(1);
  return user ?? null;
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/**
 * Why `master` may not enter `target`'s account, or null when they may. The operator needs 2FA
 * whichever door they use: the console's guard asks for it, and the admin command must not be
 * the way round it.
 */
function impersonationRefusal(
  master: Pick<UserRow, 'isMaster' | 'disabled' | 'totpEnabled'> | null,
  target: Pick<UserRow, 'isMaster' | 'supportUntil' | 'disabled'> | null,
  now: Date,
): 'not_master' | 'master_2fa' | 'no_user' | 'target_master' | 'support_off' | 'disabled' | null {
  if (!master?.isMaster || master.disabled) return 'not_master';
  if (!master.totpEnabled) return 'master_2fa';
  if (!target) return 'no_user';
  if (target.isMaster) return 'target_master';
  if (target.disabled) return 'disabled';
  if (!target.supportUntil || target.supportUntil <= now) return 'support_off';
  return null;
}

const REFUSALS: Record<NonNullable<ReturnType<typeof impersonationRefusal>>, string> = {
  not_master: 'is not a master user',
  master_2fa:
    'has not turned on two-factor authentication, which operators need to impersonate (sign in and turn it on under Account → 2FA)',
  no_user: 'names no user',
  target_master: 'is a master, who cannot be impersonated',
  disabled: 'is disabled',
  support_off: 'has not allowed support access, or it has lapsed (Help → support access)',
};

const REFUSAL_MESSAGES = {
  target_master: 'error.impersonation_target_master',
  disabled: 'error.impersonation_disabled',
  support_off: 'error.impersonation_support_off',
} as const;

/**
 * docs/security.md#authorization-and-tenants: only a master, never of another master, and only of
 * a user who allowed support access (docs/product.md#screens-and-routes Help). Mints a 60-second
 * single-use token that carries the operator's reason to the session it opens.
 */
async function mintFor(db: Db, master: UserRow, target: UserRow, reason: string, now?: Date) {
  const accountId = await findSigninAccountId(db, target.id, target.defaultAccountId);
  if (!accountId) throw new AppError('conflict', 'error.impersonation_no_account');
  await recordEvent(db, {
    name: 'impersonation_requested',
    userId: master.id,
    accountId,
    metadata: { target: target.id },
  });
  return issueOneTimeToken(db, {
    kind: 'impersonate',
    userId: target.id,
    accountId,
    payload: { impersonator_id: master.id, reason },
    now,
  });
}

// The console's rule for the reason (5–500 characters, trimmed), so both doors audit alike.
const ReasonSchema = ImpersonateInputSchema.shape.reason;

/**
 * `npm run admin -- impersonate`: a link for the operator named by e-mail, held to the console's
 * rules (docs/security.md#operator-console): a reason, which the session's start records, and an
 * operator with 2FA on. Refusals are errors in words for the command to print.
 */
export async function mintImpersonationToken(
  db: Db,
  input: { masterEmail: string; targetEmail: string; reason: string | undefined; now?: Date },
) {
  const reason = ReasonSchema.safeParse(input.reason ?? '');
  if (!reason.success) {
    throw new Error(
      `A reason is required (--reason "…", ${IMPERSONATION_REASON_MIN_LENGTH} to ${IMPERSONATION_REASON_MAX_LENGTH} characters); it is recorded in the account’s audit log.`,
    );
  }
  const master = await userWhere(db, byEmail(input.masterEmail));
  const target = await userWhere(db, byEmail(input.targetEmail));
  const refusal = impersonationRefusal(master, target, input.now ?? new Date());
  if (refusal === 'not_master' || refusal === 'master_2fa') {
    throw new Error(`${input.masterEmail} ${REFUSALS[refusal]}`);
  }
  if (refusal) throw new Error(`${input.targetEmail} ${REFUSALS[refusal]}`);
  return mintFor(db, master!, target!, reason.data, input.now);
}

/** The console's impersonation (features/master): the target by id; refusals are 4xx. */
export async function mintImpersonationFor(
  db: Db,
  input: { masterId: string; targetId: string; reason: string; now?: Date },
) {
  const master = await userWhere(db, eq(users.id, input.masterId));
  const target = await userWhere(db, eq(users.id, input.targetId));
  const refusal = impersonationRefusal(master, target, input.now ?? new Date());
  if (refusal === 'no_user') throw new AppError('not_found', 'error.not_found');
  if (refusal === 'not_master') throw new AppError('forbidden', 'error.forbidden');
  if (refusal === 'master_2fa') {
    throw new AppError('forbidden', 'error.master_2fa_required', { reason: 'master_2fa_required' });
  }
  if (refusal) throw new AppError('conflict', REFUSAL_MESSAGES[refusal]);
  return mintFor(db, master!, target!, input.reason, input.now);
}

/**
 * POST /api/auth/impersonate: a session of at most 1 h that records who is impersonating. The
 * rules are checked again here: support access turned off, or the operator's master flag taken
 * away, since the link was made stops it.
 */
export async function signInAsImpersonator(ctx: AppContext, token: string, meta: RequestMeta) {
  const redeemed = await redeemOneTimeToken(ctx.db, 'impersonate', token, ctx.now());
  const impersonatorId = redeemed?.payload.impersonator_id;
  if (!redeemed?.userId || !redeemed.accountId || typeof impersonatorId !== 'string') {
    throw new AppError('not_found', 'error.not_found');
  }
  const master = await userWhere(ctx.db, eq(users.id, impersonatorId));
  const target = await userWhere(ctx.db, eq(users.id, redeemed.userId));
  if (
    impersonationRefusal(master, target, ctx.now()) !== null ||
    !master ||
    !target?.supportUntil
  ) {
    throw new AppError('not_found', 'error.not_found');
  }
  const reason = redeemed.payload.reason;
  const response = await startImpersonation(
    ctx,
    {
      userId: redeemed.userId,
      accountId: redeemed.accountId,
      impersonator: { id: master.id, email: master.email },
      reason: typeof reason === 'string' ? reason : null,
      supportUntil: target.supportUntil,
    },
    meta,
  );
  await recordEvent(ctx.db, {
    name: 'impersonated',
    userId: impersonatorId,
    accountId: redeemed.accountId,
    metadata: { target: redeemed.userId },
  });
  return { ...response, impersonating: true };
}
