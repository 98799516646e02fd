import { AssignablePermissionSchema, PermissionSchema } from '@partner-portal/shared/permissions';
import type { TeamInvite, TeamUser } from '@partner-portal/shared/team';
import type { accountUsers, invites, users } from '../../db/schema/index';

type UserRow = typeof users.$inferSelect;
type MembershipRow = typeof accountUsers.$inferSelect;
type InviteRow = typeof invites.$inferSelect;

/** docs/product.md#entities "User row in lists" for one membership; master shows as master, like GET /api/user. */
export function toTeamUser(user: UserRow, membership: MembershipRow): TeamUser {
  return {
    id: user.id,
    avatar: user.avatar,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    last_login: user.lastLoginAt?.toISOString() ?? null,
    permission: user.isMaster ? 'master' : PermissionSchema.parse(membership.permission),
    verified: user.verified,
    // docs/product.md#states-and-transitions "User status": registered until the e-mail is verified.
    status: user.verified ? 'verified' : 'registered',
    advertiser_name: membership.advertiserName,
    enable_plus: membership.enablePlus,
    plus_dashboards: membership.plusDashboards,
    date_created: membership.createdAt.toISOString(),
  };
}

/** docs/product.md#entities "Invite": date_sent is when it was last (re-)sent; `expired` is judged at `now`. */
export function toTeamInvite(invite: InviteRow, now: Date): TeamInvite {
  return {
    id: invite.id,
    email: invite.email,
    date_sent: invite.createdAt.toISOString(),
    expires_at: invite.expiresAt.toISOString(),
    expired: invite.expiresAt <= now,
    permission: AssignablePermissionSchema.parse(invite.permission),
    advertiser_name: invite.advertiserName,
    enable_plus: invite.enablePlus,
    plus_dashboards: invite.plusDashboards,
    status: 'invited',
  };
}
