import { asc, count, eq } from 'drizzle-orm';
import type { ScimGroupMapping, SsoSettings } from '@partner-portal/shared/sso';
import type { Db } from '../../db/client';
import { scimGroupMembers, scimGroupPermissions, scimGroups } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { recordChange, type Caller } from '../../lib/audit';
import { applyGroupPermissions } from './scim-permissions';
import { scimBaseUrl, scimTokenOf } from './scim-token.service';

/** The SCIM part of the owner's single sign-on screen. */
export async function scimSettingsOf(
  db: Db,
  appUrl: string,
  accountId: string,
): Promise<SsoSettings['scim']> {
  const [token, mappings, groups] = await Promise.all([
    scimTokenOf(db, accountId),
    db
      .select({
        group: scimGroupPermissions.groupName,
        permission: scimGroupPermissions.permission,
      })
      .from(scimGroupPermissions)
      .where(eq(scimGroupPermissions.accountId, accountId))
      .orderBy(asc(scimGroupPermissions.groupName)),
    db
      .select({ name: scimGroups.displayName, members: count(scimGroupMembers.userId) })
      .from(scimGroups)
      .leftJoin(scimGroupMembers, eq(scimGroupMembers.groupId, scimGroups.id))
      .where(eq(scimGroups.accountId, accountId))
      .groupBy(scimGroups.id, scimGroups.displayName)
      .orderBy(asc(scimGroups.displayName)),
  ]);
  return { base_url: scimBaseUrl(appUrl), credential: token, group_mappings: mappings, groups };
}

/**
 * PUT /api/account/sso/scim-groups: the owner's mapping of group names to permissions, replaced
 * whole; everyone provisioned gets what it now says at once (scim-permissions.ts).
 */
export async function saveGroupMappings(
  ctx: AppContext,
  caller: Caller,
  mappings: ScimGroupMapping[],
): Promise<void> {
  const { actor } = caller;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const before = await tx
      .select({
        group: scimGroupPermissions.groupName,
        permission: scimGroupPermissions.permission,
      })
      .from(scimGroupPermissions)
      .where(eq(scimGroupPermissions.accountId, actor.accountId));
    await tx
      .delete(scimGroupPermissions)
      .where(eq(scimGroupPermissions.accountId, actor.accountId));
    if (mappings.length > 0) {
      await tx.insert(scimGroupPermissions).values(
        mappings.map((mapping) => ({
          accountId: actor.accountId,
          groupName: mapping.group,
          permission: mapping.permission,
        })),
      );
    }
    await recordChange(tx, caller, now, {
      action: 'sso.scim_groups_mapped',
      targetType: 'account',
      targetId: actor.accountId,
      changes: { before, after: mappings },
    });
    await applyGroupPermissions(
      tx,
      actor.accountId,
      'all',
      (change) => recordChange(tx, caller, now, change),
      now,
    );
  });
}
