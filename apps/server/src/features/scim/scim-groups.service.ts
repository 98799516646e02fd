import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scimGroupMembers, scimGroups, scimUsers, users } from '../../db/schema/index';
import { applyGroupPermissions } from './scim-permissions';
import { scimAudit, scimError, type ScimCaller } from './scim-users.service';

/** A pushed group as SCIM's Group resource shows it. */
export interface ScimGroupRecord {
  id: string;
  externalId?: string;
  displayName: string;
  members: { value: string; display: string; type: 'User' }[];
  meta: { created: Date; lastModified: Date };
}

export interface ScimGroupInput {
  displayName: string;
  externalId: string | null;
  memberIds: string[];
}

type GroupRow = typeof scimGroups.$inferSelect;

async function recordsOf(db: Db, groups: GroupRow[]): Promise<ScimGroupRecord[]> {
  if (groups.length === 0) return [];
  const members = await db
    .select({ groupId: scimGroupMembers.groupId, userId: users.id, email: users.email })
    .from(scimGroupMembers)
    .innerJoin(users, eq(users.id, scimGroupMembers.userId))
    .where(
      inArray(
        scimGroupMembers.groupId,
        groups.map((group) => group.id),
      ),
    )
    .orderBy(users.email);
  return groups.map((group) => ({
    id: group.id,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    members: members
      .filter((member) => member.groupId === group.id)
      .map((member) => ({ value: member.userId, display: member.email, type: 'User' as const })),
    meta: { created: group.createdAt, lastModified: group.updatedAt },
  }));
}

/** The account's pushed groups; `displayName` narrows to one (the IdP's lookup, any case). */
export async function listScimGroups(
  db: Db,
  accountId: string,
  displayName?: string,
): Promise<ScimGroupRecord[]> {
  const rows = await db
    .select()
    .from(scimGroups)
    .where(
      and(
        eq(scimGroups.accountId, accountId),
        displayName === undefined
          ? undefined
          : eq(sql`lower(${scimGroups.displayName})`, displayName.toLowerCase()),
      ),
    )
    .orderBy(scimGroups.createdAt, scimGroups.id);
  return recordsOf(db, rows);
}

export async function getScimGroup(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.accountId, accountId), eq(scimGroups.id, id)));
  if (!row) throw scimError(404, null, `Group ${id} not found`);
  return (await recordsOf(db, [row]))[0]!;
}

/** Members must be people this account provisioned; anyone else is refused by name. */
async function requireProvisioned(db: Db, accountId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ userId: scimUsers.userId })
    .from(scimUsers)
    .where(and(eq(scimUsers.accountId, accountId), inArray(scimUsers.userId, ids)));
  const known = new Set(found.map((row) => row.userId));
  const stranger = ids.find((id) => !known.has(id));
  if (stranger) {
    throw scimError(400, 'invalidValue', `member ${stranger} is not a user provisioned here`);
  }
}

async function requireFreeName(db: Db, accountId: string, name: string, except?: string) {
  const [taken] = await db
    .select({ id: scimGroups.id })
    .from(scimGroups)
    .where(
      and(
        eq(scimGroups.accountId, accountId),
        eq(sql`lower(${scimGroups.displayName})`, name.toLowerCase()),
      ),
    );
  if (taken && taken.id !== except) {
    throw scimError(409, 'uniqueness', `A group named ${name} already exists`);
  }
}

/**
 * POST /scim/v2/Groups (Okta's "Push Groups", Entra ID's assigned groups) and PUT/PATCH once
 * applied: the group and its members are stored, and everyone whose groups changed gets the
 * permission the owner mapped to them (scim-permissions.ts).
 */
export async function writeScimGroup(
  caller: ScimCaller,
  id: string | null,
  input: ScimGroupInput,
): Promise<ScimGroupRecord> {
  const { ctx, accountId } = caller;
  const memberIds = [...new Set(input.memberIds)];
  const groupId = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await requireProvisioned(tx, accountId, memberIds);
    await requireFreeName(tx, accountId, input.displayName, id ?? undefined);
    let before: string[] = [];
    let targetId = id;
    if (targetId) {
      const [row] = await tx
        .select({ id: scimGroups.id, displayName: scimGroups.displayName })
        .from(scimGroups)
        .where(and(eq(scimGroups.accountId, accountId), eq(scimGroups.id, targetId)))
        .for('update');
      if (!row) throw scimError(404, null, `Group ${targetId} not found`);
      before = (
        await tx
          .select({ userId: scimGroupMembers.userId })
          .from(scimGroupMembers)
          .where(eq(scimGroupMembers.groupId, targetId))
      ).map((member) => member.userId);
      await tx
        .update(scimGroups)
        .set({ displayName: input.displayName, externalId: input.externalId, updatedAt: now })
        .where(eq(scimGroups.id, targetId));
      await tx.delete(scimGroupMembers).where(eq(scimGroupMembers.groupId, targetId));
    } else {
      const [created] = await tx
        .insert(scimGroups)
        .values({
          accountId,
          displayName: input.displayName,
          externalId: input.externalId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: scimGroups.id });
      targetId = created!.id;
    }
    if (memberIds.length > 0) {
      await tx
        .insert(scimGroupMembers)
        .values(memberIds.map((userId) => ({ groupId: targetId!, userId })));
    }
    await scimAudit(tx, caller, {
      action: id ? 'scim.group_updated' : 'scim.group_created',
      targetType: 'account',
      targetId: accountId,
      changes: {
        group: input.displayName,
        added: memberIds.filter((member) => !before.includes(member)),
        removed: before.filter((member) => !memberIds.includes(member)),
      },
    });
    // A rename changes which mapping applies, so everyone in it before or after is looked at.
    await applyGroupPermissions(
      tx,
      accountId,
      [...new Set([...before, ...memberIds])],
      (change) => scimAudit(tx, caller, change),
      caller.ctx.now(),
    );
    return targetId;
  });
  return getScimGroup(ctx.db, accountId, groupId);
}

/** DELETE /scim/v2/Groups/{id}: its members fall back to what their other groups map to. */
export async function deleteScimGroup(caller: ScimCaller, id: string): Promise<void> {
  const { ctx, accountId } = caller;
  await ctx.db.transaction(async (tx) => {
    const [group] = await tx
      .delete(scimGroups)
      .where(and(eq(scimGroups.accountId, accountId), eq(scimGroups.id, id)))
      .returning({ displayName: scimGroups.displayName });
    if (!group) throw scimError(404, null, `Group ${id} not found`);
    await scimAudit(tx, caller, {
      action: 'scim.group_deleted',
      targetType: 'account',
      targetId: accountId,
      changes: { group: group.displayName },
    });
    // The members' rows went with the group (cascade); whoever was in it is found by the mapping
    // no longer holding them, so everyone provisioned is looked at.
    await applyGroupPermissions(
      tx,
      accountId,
      'all',
      (change) => scimAudit(tx, caller, change),
      caller.ctx.now(),
    );
  });
}
