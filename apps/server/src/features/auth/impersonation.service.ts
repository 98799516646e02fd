import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { issueOneTimeToken, redeemOneTimeToken } from '../../lib/one-time-token';
import { recordEvent } from '../../lib/events';
import { findSigninAccountId } from '../user/current-user.service';
import { startImpersonation } from './session.service';
import type { RequestMeta } from '../../lib/request-meta';

type UserRow = typeof users.$inferSelect;

async function userWhere(db: Db, where: ReturnType<typeof eq>): Promise<UserRow | null> {
  const [user] = await db.select().from(users).where(where).limit(1);
  return user ?? null;
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** Why `master` may not enter `target`'s account, or null when they may. */
function impersonationRefusal(
  master: Pick<UserRow, 'isMaster' | 'disabled'> | null,
  target: Pick<UserRow, 'isMaster' | 'supportEnabled' | 'disabled'> | null,
): 'not_master' | 'no_user' | 'target_master' | 'support_off' | 'disabled' | null {
  if (!master?.isMaster || master.disabled) return 'not_master';
  if (!target) return 'no_user';
  if (target.isMaster) return 'target_master';
  if (target.disabled) return 'disabled';
  if (!target.supportEnabled) return 'support_off';
  return null;
}

const REFUSALS: Record<NonNullable<ReturnType<typeof impersonationRefusal>>, string> = {
  not_master: 'is not a master user',
  no_user: 'names no user',
  target_master: 'is a master, who cannot be impersonated',
  disabled: 'is disabled',
  support_off: 'has not allowed support access (Help → support access)',
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

/** `npm run admin -- impersonate`: a link for the operator named by e-mail. */
export async function mintImpersonationToken(
  db: Db,
  input: { masterEmail: string; targetEmail: string; reason?: string; now?: Date },
) {
  const master = await userWhere(db, byEmail(input.masterEmail));
  const target = await userWhere(db, byEmail(input.targetEmail));
  const refusal = impersonationRefusal(master, target);
  if (refusal === 'not_master') throw new Error(`${input.masterEmail} ${REFUSALS[refusal]}`);
  if (refusal) throw new Error(`${input.targetEmail} ${REFUSALS[refusal]}`);
  return mintFor(db, master!, target!, input.reason ?? 'admin command', input.now);
}

/** The console's impersonation (features/master): the target by id; refusals are 4xx. */
export async function mintImpersonationFor(
  db: Db,
  input: { masterId: string; targetId: string; reason: string; now?: Date },
) {
  const master = await userWhere(db, eq(users.id, input.masterId));
  const target = await userWhere(db, eq(users.id, input.targetId));
  const refusal = impersonationRefusal(master, target);
  if (refusal === 'no_user') throw new AppError('not_found', 'error.not_found');
  if (refusal === 'not_master') throw new AppError('forbidden', 'error.forbidden');
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
  if (impersonationRefusal(master, target) !== null || !master) {
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
