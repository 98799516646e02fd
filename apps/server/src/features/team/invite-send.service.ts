import { AssignablePermissionSchema } from '@partner-portal/shared/permissions';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { InviteInput, TeamInvite } from '@partner-portal/shared/team';
import type { Db } from '../../db/client';
import { accountUsers, invites, users } from '../../db/schema/index';
import { inTransaction, type AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { requirePermission, type Actor } from '../../lib/auth-guard';
import { TOKEN_TTL_SECONDS } from '../../lib/one-time-token';
import { recordEvent } from '../../lib/events';
import { createInvite, newInviteToken, type IssuedInvite } from './invite.service';
import { mailInvites } from './invite-mail';
import { loadPlusWorkbookIds, resolveMemberAccess, type MemberAccess } from './member-access';
import { toTeamInvite } from './team-rows';
import { queueWebhook } from '../../lib/webhook-queue';

type InviteRow = typeof invites.$inferSelect;

/**
 * POST /api/invite (docs/product.md#api-calls): invites every listed address to the caller's account, or re-sends
 * the invite an address already has here (docs/product.md#api-calls "resend": a fresh 7-day expiry, the body's
 * permission, and the body's advertiser fields over the stored ones). An address that already
 * belongs to the account refuses the whole request, naming each such address, and nothing is
 * written. All writes and the mails share one transaction; the mails go once it has committed. Answers the
 * invites in the order the addresses were listed.
 */
export async function sendInvites(
  ctx: AppContext,
  actor: Actor,
  input: InviteInput,
  meta: RequestMeta,
): Promise<TeamInvite[]> {
  requirePermission(actor, 'admin');
  const emails = input.email;
  const now = ctx.now();
  // The catalogue is read before the transaction (PGlite runs one query at a time).
  const plusWorkbooks = await loadPlusWorkbookIds(ctx);
  const fromBody = resolveMemberAccess(
    {
      permission: input.permission,
      advertiserName: input.advertiser_name,
      enablePlus: input.enable_plus,
      plusDashboards: input.plus_dashboards,
    },
    plusWorkbooks,
  );

  const sent = await ctx.db.transaction(async (tx) => {
    // One invite request per account at a time: a second request for the same address waits,
    // then resends the first one instead of running into invites_open_email_uq.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${actor.accountId}))`);
    await refuseMembers(tx, actor.accountId, emails);
    const open = await openInvitesByEmail(tx, actor.accountId, emails);
    const rows: IssuedInvite[] = [];
    for (const email of emails) {
      const current = open.get(email);
      const invite = current
        ? await renewInvite(
            tx,
            current.id,
            input,
            resendAccess(input, current, plusWorkbooks),
            actor.userId,
            now,
          )
        : await createInvite(tx, {
            accountId: actor.accountId,
            email,
            permission: input.permission,
            invitedBy: actor.userId,
            ...fromBody,
            now,
          });
      await recordChange(tx, { actor, meta }, now, {
        action: current ? 'invite.resent' : 'invite.created',
        targetType: 'invite',
        targetId: invite.id,
        changes: { email, permission: invite.permission },
      });
      if (!current) {
        await queueWebhook(tx, now, actor.accountId, 'member.invited', {
          account_id: actor.accountId,
          invite_id: invite.id,
          email,
          permission: AssignablePermissionSchema.parse(invite.permission),
          advertiser_name: invite.advertiserName,
        });
      }
      rows.push(invite);
    }
    await recordEvent(tx, {
      name: 'invited_user',
      userId: actor.userId,
      accountId: actor.accountId,
      metadata: { count: rows.length, resent: rows.length - countNew(open, emails) },
    });
    await mailInvites(inTransaction(ctx, tx), actor.userId, actor.accountId, rows);
    return rows;
  });

  return sent.map((invite) => toTeamInvite(invite, now));
}

/** 409 on `email` naming every listed address that is already a member of the account. */
async function refuseMembers(db: Db, accountId: string, emails: string[]): Promise<void> {
  const members = await db
    .select({ email: users.email })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(and(eq(accountUsers.accountId, accountId), inArray(sql`lower(${users.email})`, emails)))
    .orderBy(users.email);
  if (members.length === 0) return;
  const taken = new Set(members.map((member) => member.email.toLowerCase()));
  throw new AppError('conflict', 'error.invite_members', {
    inputError: 'email',
    params: { emails: emails.filter((email) => taken.has(email)).join(', ') },
  });
}

/**
 * The account's invite not yet accepted (open or expired) for each address; there is at most one
 * (unique index invites_open_email_uq).
 */
async function openInvitesByEmail(db: Db, accountId: string, emails: string[]) {
  const rows = await db
    .select()
    .from(invites)
    .where(
      and(
        eq(invites.accountId, accountId),
        isNull(invites.acceptedAt),
        inArray(sql`lower(${invites.email})`, emails),
      ),
    );
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}

function countNew(open: Map<string, InviteRow>, emails: string[]): number {
  return emails.filter((email) => !open.has(email)).length;
}

/**
 * A re-sent invite takes the body's permission; its advertiser fields are the body's where the
 * body has them and the stored ones otherwise (docs/product.md#api-calls: a resend carries only e-mail and
 * permission), checked again as a whole.
 */
function resendAccess(
  input: InviteInput,
  stored: InviteRow,
  plusWorkbooks: ReadonlySet<string>,
): MemberAccess {
  return resolveMemberAccess(
    {
      permission: input.permission,
      advertiserName:
        input.advertiser_name !== undefined ? input.advertiser_name : stored.advertiserName,
      enablePlus: input.enable_plus ?? stored.enablePlus,
      plusDashboards: input.plus_dashboards ?? stored.plusDashboards,
    },
    plusWorkbooks,
  );
}

/** A resend also issues a new link token: its hash replaces the old one, so the old link dies. */
async function renewInvite(
  db: Db,
  id: string,
  input: InviteInput,
  access: MemberAccess,
  invitedBy: string,
  now: Date,
): Promise<IssuedInvite> {
  const { token, tokenHash } = newInviteToken();
  const [renewed] = await db
    .update(invites)
    .set({
      permission: input.permission,
      ...access,
      invitedBy,
      tokenHash,
      // date_sent is the latest sending; the link works for another 7 days from now.
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS.invite * 1000),
    })
    .where(eq(invites.id, id))
    .returning();
  if (!renewed) throw new Error('invite not renewed');
  return { ...renewed, token };
}
