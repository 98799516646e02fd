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

async function userByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return user ?? null;
}

/**
 * docs/security.md#authorization-and-tenants: only a master, never of another master, and only of a
 * user who allowed support access (docs/product.md#screens-and-routes Help). Mints a 60-second single-use token.
 */
export async function mintImpersonationToken(
  db: Db,
  input: { masterEmail: string; targetEmail: string; now?: Date },
) {
  const master = await userByEmail(db, input.masterEmail);
  if (!master?.isMaster) throw new Error(`${input.masterEmail} is not a master user`);
  const target = await userByEmail(db, input.targetEmail);
  if (!target) throw new Error(`No user with e-mail ${input.targetEmail}`);
  if (target.isMaster) throw new Error('A master cannot be impersonated');
  if (!target.supportEnabled)
    throw new Error(`${target.email} has not allowed support access (Help → support access)`);
  const accountId = await findSigninAccountId(db, target.id, target.defaultAccountId);
  if (!accountId) throw new Error(`${target.email} belongs to no open account`);
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
    payload: { impersonator_id: master.id },
    now: input.now,
  });
}

/** POST /api/auth/impersonate: a session of at most 1 h that records who is impersonating. */
export async function signInAsImpersonator(ctx: AppContext, token: string, meta: RequestMeta) {
  const redeemed = await redeemOneTimeToken(ctx.db, 'impersonate', token, ctx.now());
  const impersonatorId = redeemed?.payload.impersonator_id;
  if (!redeemed?.userId || !redeemed.accountId || typeof impersonatorId !== 'string') {
    throw new AppError('not_found', 'error.not_found');
  }
  const response = await startImpersonation(
    ctx,
    { userId: redeemed.userId, accountId: redeemed.accountId, impersonatorId },
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
