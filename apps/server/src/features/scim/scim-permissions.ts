import { and, eq, inArray, sql } from 'drizzle-orm';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import { strongestSsoPermission } from '@partner-portal/shared/sso';
import type { Db } from '../../db/client';
import {
  accountUsers,
  scimGroupMembers,
  scimGroupPermissions,
  scimGroups,
  scimUsers,
  users,
} from '../../db/schema/index';
import type { AuditChange } from '../../lib/audit';
import { queueWebhook } from '../../lib/webhook-queue';

/**
 * Gives each of `userIds` (provisioned people of `accountId`) the permission their groups map to
 * (docs/product.md#scim-provisioning): the strongest mapped one, else the one they were
 * provisioned with. Only active members change, never the owner; each change is audited, and the
 * change feed tells every instance's session cache, and each is a `member.updated` webhook.
 */
export async function applyGroupPermissions(
  tx: Db,
  accountId: string,
  userIds: readonly string[] | 'all',
  audit: (change: AuditChange) => Promise<void>,
  now: Date,
): Promise<void> {
  const forUsers = userIds === 'all' ? undefined : inArray(scimUsers.userId, [...userIds]);
  if (userIds !== 'all' && userIds.length === 0) return;
  const people = await tx
    .select({
      userId: scimUsers.userId,
      base: scimUsers.permission,
      current: accountUsers.permission,
      email: users.email,
      advertiserName: accountUsers.advertiserName,
    })
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .innerJoin(
      accountUsers,
      and(
        eq(accountUsers.accountId, scimUsers.accountId),
        eq(accountUsers.userId, scimUsers.userId),
      ),
    )
    .where(and(eq(scimUsers.accountId, accountId), eq(scimUsers.active, true), forUsers));
  if (people.length === 0) return;
  const mapped = await tx
    .select({ userId: scimGroupMembers.userId, permission: scimGroupPermissions.permission })
    .from(scimGroupMembers)
    .innerJoin(scimGroups, eq(scimGroups.id, scimGroupMembers.groupId))
    .innerJoin(
      scimGroupPermissions,
      and(
        eq(scimGroupPermissions.accountId, scimGroups.accountId),
        eq(sql`lower(${scimGroupPermissions.groupName})`, sql`lower(${scimGroups.displayName})`),
      ),
    )
    .where(
      and(
        eq(scimGroups.accountId, accountId),
        inArray(
          scimGroupMembers.userId,
          people.map((person) => person.userId),
        ),
      ),
    );
  for (const person of people) {
    if (person.current === 'owner') continue;
    const target =
      strongestSsoPermission(
        mapped.filter((row) => row.userId === person.userId).map((row) => row.permission),
      ) ?? person.base;
    if (target === person.current) continue;
    await tx
      .update(accountUsers)
      .set({ permission: target })
      .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, person.userId)));
    await audit({
      action: 'scim.permission_changed',
      targetType: 'user',
      targetId: person.userId,
      changes: { before: person.current, after: target },
    });
    await queueWebhook(tx, now, accountId, 'member.updated', {
      account_id: accountId,
      user_id: person.userId,
      email: person.email,
      before: {
        permission: PermissionSchema.parse(person.current),
        advertiser_name: person.advertiserName,
      },
      after: { permission: target, advertiser_name: person.advertiserName },
      via: 'scim',
    });
  }
}
