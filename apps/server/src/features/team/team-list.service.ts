import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { AccountUsersResponse } from '@partner-portal/shared/team';
import type { Db } from '../../db/client';
import { accountUsers, invites, users } from '../../db/schema/index';
import type { Actor } from '../../lib/auth-guard';
import { toTeamInvite, toTeamUser } from './team-rows';

/**
 * GET /api/account/users (docs/product.md#screens-and-routes "Users"): the members of the caller's account, oldest first,
 * and its invites not yet accepted, newest first (an expired one stays listed so it can be
 * re-sent or deleted).
 */
export async function listTeam(db: Db, actor: Actor, now: Date): Promise<AccountUsersResponse> {
  const members = await db
    .select({ user: users, membership: accountUsers })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .where(eq(accountUsers.accountId, actor.accountId))
    .orderBy(asc(accountUsers.createdAt), asc(users.email));
  const open = await db
    .select()
    .from(invites)
    .where(and(eq(invites.accountId, actor.accountId), isNull(invites.acceptedAt)))
    .orderBy(desc(invites.createdAt), asc(invites.email));
  return {
    users: members.map(({ user, membership }) => toTeamUser(user, membership)),
    invites: open.map((invite) => toTeamInvite(invite, now)),
  };
}
