import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import SCIMMY from 'scimmy';
import { emailDomain } from '@partner-portal/shared/sso';
import type { Db } from '../../db/client';
import {
  accountUsers,
  scimGroupMembers,
  scimGroups,
  scimUsers,
  ssoConnections,
  ssoDomains,
  users,
} from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { recordChange, type AuditChange } from '../../lib/audit';
import type { RequestMeta } from '../../lib/request-meta';
import { syncSeats } from '../billing/billing-seats';
import { insertUser } from '../identity/insert-user';
import { endMembership } from '../team/member-removal.service';
import { queueWebhook } from '../../lib/webhook-queue';
import { PermissionSchema } from '@partner-portal/shared/permissions';
import { applyGroupPermissions } from './scim-permissions';

/** Who a SCIM call acts for: the account its token belongs to. */
export interface ScimCaller {
  ctx: AppContext;
  accountId: string;
  meta: RequestMeta;
}

/** A provisioned person as SCIM's User resource shows them. */
export interface ScimUserRecord {
  id: string;
  externalId?: string;
  userName: string;
  name: { givenName: string; familyName: string };
  displayName: string;
  emails: { value: string; type: 'work'; primary: true }[];
  active: boolean;
  meta: { created: Date; lastModified: Date };
}

/** What a create or a replace asks for, read from the IdP's User. */
export interface ScimUserInput {
  userName: string;
  externalId: string | null;
  email: string;
  givenName: string | null;
  familyName: string | null;
  active: boolean;
}

export const scimError = (status: number, scimType: string | null, message: string) =>
  new SCIMMY.Types.Error(status, scimType as string, message);

const selection = {
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  externalId: scimUsers.externalId,
  active: scimUsers.active,
  createdAt: scimUsers.createdAt,
  updatedAt: scimUsers.updatedAt,
};
interface Row {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  externalId: string | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

function recordOf(row: Row): ScimUserRecord {
  return {
    id: row.userId,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.email,
    name: { givenName: row.firstName, familyName: row.lastName },
    displayName: `${row.firstName} ${row.lastName}`.trim(),
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.active,
    meta: { created: row.createdAt, lastModified: row.updatedAt },
  };
}

/** The account's provisioned people; `userName` narrows to one address (the IdP's lookup). */
export async function listScimUsers(
  db: Db,
  accountId: string,
  userName?: string,
): Promise<ScimUserRecord[]> {
  const rows = await db
    .select(selection)
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .where(
      and(
        eq(scimUsers.accountId, accountId),
        userName === undefined ? undefined : eq(sql`lower(${users.email})`, userName.toLowerCase()),
      ),
    )
    .orderBy(scimUsers.createdAt, users.id);
  return rows.map(recordOf);
}

export async function getScimUser(db: Db, accountId: string, userId: string) {
  const [row] = await db
    .select(selection)
    .from(scimUsers)
    .innerJoin(users, eq(users.id, scimUsers.userId))
    .where(and(eq(scimUsers.accountId, accountId), eq(scimUsers.userId, userId)));
  if (!row) throw scimError(404, null, `User ${userId} not found`);
  return recordOf(row);
}

/** The IdP is trusted for the account's verified domains only, as at sign-in. */
async function requireVerifiedDomain(db: Db, accountId: string, email: string): Promise<void> {
  const [domain] = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(
      and(
        eq(ssoDomains.accountId, accountId),
        eq(ssoDomains.domain, emailDomain(email)),
        isNotNull(ssoDomains.verifiedAt),
      ),
    );
  if (!domain) {
    throw scimError(
      400,
      'invalidValue',
      `${email} is not on one of the account's verified domains; verify ${emailDomain(email)} first`,
    );
  }
}

async function permissionForNewMembers(db: Db, accountId: string) {
  const [connection] = await db
    .select({ permission: ssoConnections.defaultPermission })
    .from(ssoConnections)
    .where(eq(ssoConnections.accountId, accountId));
  return connection?.permission ?? 'user';
}

/** An audit row of a SCIM call: the actor is `scim`, from the IdP's address. */
export const scimAudit = (tx: Db, caller: ScimCaller, change: AuditChange) =>
  recordChange(
    tx,
    { user: { id: null, email: 'scim' }, accountId: caller.accountId, meta: caller.meta },
    caller.ctx.now(),
    { ...change, accountId: caller.accountId },
  );

/**
 * POST /scim/v2/Users: a person the IdP assigned to the app. A new address gets a user (e-mail
 * verified, no password: they sign in through the IdP); a known one is linked. An active person
 * becomes a member with the connection's default permission, or keeps the membership they have.
 */
export async function provisionScimUser(
  caller: ScimCaller,
  input: ScimUserInput,
): Promise<ScimUserRecord> {
  const { ctx, accountId } = caller;
  await requireVerifiedDomain(ctx.db, accountId, input.email);
  const userId = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.email))
      .for('update');
    const id =
      existing?.id ??
      (await insertUser(tx, {
        email: input.email,
        firstName: input.givenName ?? input.email.split('@')[0]!,
        lastName: input.familyName ?? '',
        passwordHash: null,
        verified: true,
        locale: undefined,
        defaultAccountId: accountId,
        now,
      }));
    const [already] = await tx
      .select({ userId: scimUsers.userId })
      .from(scimUsers)
      .where(and(eq(scimUsers.accountId, accountId), eq(scimUsers.userId, id)));
    if (already) throw scimError(409, 'uniqueness', `${input.email} is already provisioned`);
    const [membership] = await tx
      .select({ permission: accountUsers.permission })
      .from(accountUsers)
      .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.userId, id)));
    if (membership?.permission === 'owner') {
      throw scimError(409, 'uniqueness', `${input.email} owns the account and is managed here`);
    }
    const permission = await permissionForNewMembers(tx, accountId);
    await tx.insert(scimUsers).values({
      accountId,
      userId: id,
      externalId: input.externalId,
      active: input.active,
      permission,
      createdAt: now,
      updatedAt: now,
    });
    if (input.active && !membership) {
      await tx.insert(accountUsers).values({ accountId, userId: id, permission });
      await queueWebhook(tx, now, accountId, 'member.joined', {
        account_id: accountId,
        user_id: id,
        email: input.email,
        permission,
        via: 'scim',
      });
    } else if (!input.active && membership) {
      await endMembership(tx, { accountId, userId: id, now, email: input.email, via: 'scim' });
    }
    await scimAudit(tx, caller, {
      action: 'scim.user_provisioned',
      targetType: 'user',
      targetId: id,
      changes: { email: input.email, active: input.active, permission, linked: !!existing },
    });
    return id;
  });
  await syncSeats(ctx, accountId);
  return getScimUser(ctx.db, accountId, userId);
}

/**
 * PUT /scim/v2/Users/{id}, and PATCH once applied: the names, the external id and `active`.
 * Deactivating ends the membership, its sessions, embeds and keys at once (as removal from the
 * team screen does) but keeps the person's provisioning, so reactivating restores the membership
 * with the same permission and no invite. The address is the person's sign-in, shared with any
 * other account they are in: a change of it is refused, not applied here alone.
 */
export async function replaceScimUser(
  caller: ScimCaller,
  userId: string,
  input: ScimUserInput,
): Promise<ScimUserRecord> {
  const { ctx, accountId } = caller;
  const before = await getScimUser(ctx.db, accountId, userId);
  if (input.email !== before.userName.toLowerCase()) {
    throw scimError(
      400,
      'mutability',
      'userName is the person’s sign-in address and cannot change here; deprovision and provision the new address instead',
    );
  }
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const [row] = await tx
      .select()
      .from(scimUsers)
      .where(and(eq(scimUsers.accountId, accountId), eq(scimUsers.userId, userId)))
      .for('update');
    if (!row) throw scimError(404, null, `User ${userId} not found`);
    await tx
      .update(users)
      .set({
        firstName: input.givenName ?? before.name.givenName,
        lastName: input.familyName ?? before.name.familyName,
      })
      .where(eq(users.id, userId));
    await tx
      .update(scimUsers)
      .set({ externalId: input.externalId, active: input.active, updatedAt: now })
      .where(and(eq(scimUsers.accountId, accountId), eq(scimUsers.userId, userId)));
    if (row.active && !input.active) {
      await endMembership(tx, {
        accountId,
        userId,
        now,
        email: before.userName,
        via: 'scim',
      });
    } else if (!row.active && input.active) {
      const joined = await tx
        .insert(accountUsers)
        .values({ accountId, userId, permission: row.permission })
        .onConflictDoNothing()
        .returning({ id: accountUsers.id });
      if (joined.length > 0) {
        await queueWebhook(tx, now, accountId, 'member.joined', {
          account_id: accountId,
          user_id: userId,
          email: before.userName,
          permission: PermissionSchema.parse(row.permission),
          via: 'scim',
        });
      }
      await applyGroupPermissions(
        tx,
        accountId,
        [userId],
        (change) => scimAudit(tx, caller, change),
        now,
      );
    }
    const action =
      row.active === input.active
        ? 'scim.user_updated'
        : input.active
          ? 'scim.user_reactivated'
          : 'scim.user_deactivated';
    await scimAudit(tx, caller, {
      action,
      targetType: 'user',
      targetId: userId,
      changes: { email: before.userName, active: input.active },
    });
  });
  await syncSeats(ctx, accountId);
  return getScimUser(ctx.db, accountId, userId);
}

/**
 * DELETE /scim/v2/Users/{id}: the person leaves the account and its provisioning; a user left in
 * no account at all is deleted, as removal from the team screen does.
 */
export async function deleteScimUser(caller: ScimCaller, userId: string): Promise<void> {
  const { ctx, accountId } = caller;
  const before = await getScimUser(ctx.db, accountId, userId);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    await tx
      .delete(scimUsers)
      .where(and(eq(scimUsers.accountId, accountId), eq(scimUsers.userId, userId)));
    await tx
      .delete(scimGroupMembers)
      .where(
        and(
          eq(scimGroupMembers.userId, userId),
          inArray(
            scimGroupMembers.groupId,
            tx
              .select({ id: scimGroups.id })
              .from(scimGroups)
              .where(eq(scimGroups.accountId, accountId)),
          ),
        ),
      );
    await endMembership(tx, { accountId, userId, now, email: before.userName, via: 'scim' });
    await scimAudit(tx, caller, {
      action: 'scim.user_deleted',
      targetType: 'user',
      targetId: userId,
      changes: { email: before.userName },
    });
    const [remaining] = await tx
      .select({ id: accountUsers.id })
      .from(accountUsers)
      .where(eq(accountUsers.userId, userId))
      .limit(1);
    const [provisioned] = await tx
      .select({ id: scimUsers.userId })
      .from(scimUsers)
      .where(eq(scimUsers.userId, userId))
      .limit(1);
    if (!remaining && !provisioned) await tx.delete(users).where(eq(users.id, userId));
  });
  await syncSeats(ctx, accountId);
}
