import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import type {
  ConsoleListQuery,
  ConsoleUser,
  ConsoleUserDetail,
  ConsoleUserList,
} from '@partner-portal/shared/master';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import type { Db } from '../../db/client';
import { accounts, accountUsers, sessions, users } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type AuditChange, type Caller } from '../../lib/audit';
import { isRowId } from '../../lib/row-id';
import { renderMail } from '../../lib/mail/mail-templates';
import { revokeSessions, sessionsOfUser } from '../../lib/session-token';
import { mintImpersonationFor } from '../auth/impersonation.service';
import { findSigninAccountId, supportAccessOf } from '../../lib/current-user';
import { TWO_FACTOR_OFF } from '../user/two-factor.service';
import { sendVerificationMail } from '../user/verification.service';

type UserRow = typeof users.$inferSelect;

async function toConsoleUsers(db: Db, rows: UserRow[], now: Date): Promise<ConsoleUser[]> {
  const ids = rows.map((user) => user.id);
  const memberships = ids.length
    ? await db
        .select({
          userId: accountUsers.userId,
          id: accounts.id,
          name: accounts.name,
          permission: accountUsers.permission,
        })
        .from(accountUsers)
        .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
        .where(inArray(accountUsers.userId, ids))
        .orderBy(asc(accountUsers.createdAt))
    : [];
  return rows.map((user) => ({
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`.trim(),
    accounts: memberships
      .filter((membership) => membership.userId === user.id)
      .map(({ id, name, permission }) => ({
        id,
        name,
        permission: user.isMaster ? 'master' : PermissionSchema.parse(permission),
      })),
    verified: user.verified,
    two_factor: user.totpEnabled,
    last_login: user.lastLoginAt?.toISOString() ?? null,
    ...consoleSupportAccess(user.supportUntil, now),
    disabled: user.disabled,
    master: user.isMaster,
    created: user.createdAt.toISOString(),
  }));
}

/** An e-mail (any part, any case) or an id. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (isRowId(q)) return eq(users.id, q);
  return ilike(users.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/** GET /api/master/users: newest first, a page at a time. */
export async function listConsoleUsers(
  db: Db,
  query: ConsoleListQuery,
  now: Date,
): Promise<ConsoleUserList> {
  const where = matching(query.q);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), asc(users.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    rows: await toConsoleUsers(db, rows, now),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

async function requireUser(db: Db, id: string): Promise<UserRow> {
  const [user] = isRowId(id) ? await db.select().from(users).where(eq(users.id, id)) : [];
  if (!user) throw new AppError('not_found', 'error.not_found');
  return user;
}

/** GET /api/master/users/{id}: the user, their accounts, and their sessions still open. */
export async function getConsoleUser(ctx: AppContext, id: string): Promise<ConsoleUserDetail> {
  const user = await requireUser(ctx.db, id);
  const [described] = await toConsoleUsers(ctx.db, [user], ctx.now());
  const open = await ctx.db
    .select({ session: sessions, account: { id: accounts.id, name: accounts.name } })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(
      and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now())),
    )
    .orderBy(desc(sessions.lastSeenAt));
  const impersonators = await emailsOf(
    ctx.db,
    open.map(({ session }) => session.impersonatorId).filter((v): v is string => v !== null),
  );
  return {
    user: described!,
    sessions: open.map(({ session, account }) => ({
      id: session.id,
      account,
      created: session.createdAt.toISOString(),
      last_seen: session.lastSeenAt.toISOString(),
      expires: session.expiresAt.toISOString(),
      ip: session.ip,
      user_agent: session.userAgent,
      impersonator: session.impersonatorId
        ? (impersonators.get(session.impersonatorId) ?? null)
        : null,
    })),
  };
}

async function emailsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** A change an operator made to `user`, in the log of the account the user signs in to. */
async function auditUserChange(
  ctx: AppContext,
  tx: Db,
  by: Caller,
  user: UserRow,
  change: Pick<AuditChange, 'action' | 'changes' | 'targetType' | 'targetId'>,
) {
  const accountId = await findSigninAccountId(tx, user.id, user.defaultAccountId);
  await recordChange(tx, by, ctx.now(), { ...change, accountId });
}

/** Operators are changed only by hand (`npm run admin -- create-master`), never from the console. */
function requireNotMaster(user: UserRow): void {
  if (user.isMaster) throw new AppError('forbidden', 'error.console_master_target');
}

/** DELETE /api/master/users/{id}/sessions/{sessionId}: one session ends, on every instance. */
export async function revokeConsoleSession(
  ctx: AppContext,
  by: Caller,
  id: string,
  sessionId: string,
): Promise<void> {
  const user = await requireUser(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const [ended] = isRowId(sessionId)
      ? await tx
          .update(sessions)
          .set({ revokedAt: ctx.now() })
          .where(
            and(eq(sessions.id, sessionId), eq(sessions.userId, id), isNull(sessions.revokedAt)),
          )
          .returning({ id: sessions.id, accountId: sessions.accountId })
      : [];
    if (!ended) throw new AppError('not_found', 'error.not_found');
    await recordChange(tx, by, ctx.now(), {
      action: 'session.revoked',
      accountId: ended.accountId,
      targetType: 'session',
      targetId: ended.id,
      changes: { user: user.email },
    });
  });
}

/** POST /api/master/users/{id}/verification: a new link to the user's (pending) address. */
export async function resendConsoleVerification(
  ctx: AppContext,
  by: Caller,
  id: string,
): Promise<{ email: string }> {
  const user = await requireUser(ctx.db, id);
  await sendVerificationMail(ctx, user.id);
  await auditUserChange(ctx, ctx.db, by, user, {
    action: 'user.verification_resent',
    targetType: 'user',
    targetId: user.id,
  });
  return { email: user.pendingEmail ?? user.email };
}

/**
 * POST /api/master/users/{id}/disable and /enable: a disabled user's sessions end and every way
 * in refuses them until they are enabled; their memberships and data stay.
 */
export async function setUserDisabled(
  ctx: AppContext,
  by: Caller,
  id: string,
  disabled: boolean,
): Promise<{ email: string }> {
  const user = await requireUser(ctx.db, id);
  requireNotMaster(user);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ disabled }).where(eq(users.id, user.id));
    if (disabled) await revokeSessions(tx, sessionsOfUser(user.id), ctx.now());
    await auditUserChange(ctx, tx, by, user, {
      action: disabled ? 'user.disabled' : 'user.enabled',
      targetType: 'user',
      targetId: user.id,
      changes: { before: { disabled: user.disabled }, after: { disabled } },
    });
  });
  return { email: user.email };
}

/**
 * POST /api/master/users/{id}/reset-2fa: for a user who lost their authenticator and backup
 * code. 2FA goes off, every session ends, and the user is mailed in their language, so a reset
 * they did not ask for does not go unnoticed.
 */
export async function resetUserTwoFactor(
  ctx: AppContext,
  by: Caller,
  id: string,
): Promise<{ email: string }> {
  const user = await requireUser(ctx.db, id);
  requireNotMaster(user);
  if (!user.totpEnabled) throw new AppError('conflict', 'error.two_factor_not_started');
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set(TWO_FACTOR_OFF).where(eq(users.id, user.id));
    await revokeSessions(tx, sessionsOfUser(user.id), ctx.now());
    await auditUserChange(ctx, tx, by, user, {
      action: 'user.2fa_reset',
      targetType: 'user',
      targetId: user.id,
    });
    const locale = toLocale(user.locale);
    await inTransaction(ctx, tx).mail.send(
      {
        to: user.email,
        ...renderMail('two_factor_reset', locale, { name: user.firstName }),
        template: 'two_factor_reset',
        locale,
      },
      tx,
    );
  });
  return { email: user.email };
}

/**
 * POST /api/master/users/{id}/impersonate {reason}: a single-use sign-in link as the user, for
 * 60 seconds, carrying the reason to the session and its audit row (auth/impersonation.service.ts).
 */
export async function impersonateFromConsole(
  ctx: AppContext,
  by: Caller,
  id: string,
  reason: string,
): Promise<{ url: string }> {
  const { token } = await mintImpersonationFor(ctx.db, {
    masterId: by.actor.userId,
    targetId: isRowId(id) ? id : '00000000-0000-0000-0000-000000000000',
    reason,
    now: ctx.now(),
  });
  return { url: `${ctx.config.appUrl}/signin/impersonate?token=${token}` };
}

/** The console's names for the user's consent to support access, read once per row. */
function consoleSupportAccess(until: Date | null, now: Date) {
  const access = supportAccessOf(until, now);
  return { support_access: access.support_enabled, support_until: access.support_until };
}
