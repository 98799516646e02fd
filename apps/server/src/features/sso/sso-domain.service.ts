import { randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, ne } from 'drizzle-orm';
import { SSO_DOMAINS_MAX, type SsoSettings } from '@partner-portal/shared/sso';
import { ssoDomains } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { recordChange, type Caller } from '../../lib/audit';
import { domainRecord, isPublished } from './domain-record';
import { getSsoSettings, requireSsoPlan } from './sso-settings.service';

async function requireDomain(ctx: AppContext, accountId: string, domain: string) {
  const [row] = await ctx.db
    .select()
    .from(ssoDomains)
    .where(and(eq(ssoDomains.accountId, accountId), eq(ssoDomains.domain, domain)));
  if (!row) throw new AppError('not_found', 'error.not_found');
  return row;
}

/**
 * POST /api/account/sso/domains: the account claims an e-mail domain and is given the TXT record
 * that proves it. Claiming is free (another account may claim the same domain); verifying is
 * what holds it.
 */
export async function addSsoDomain(
  ctx: AppContext,
  caller: Caller,
  domain: string,
): Promise<SsoSettings> {
  const { actor } = caller;
  await requireSsoPlan(ctx.db, actor);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [listed] = await tx
      .select({ count: count() })
      .from(ssoDomains)
      .where(eq(ssoDomains.accountId, actor.accountId));
    if ((listed?.count ?? 0) >= SSO_DOMAINS_MAX) {
      throw new AppError('conflict', 'error.sso_domains_max', {
        inputError: 'domain',
        params: { max: SSO_DOMAINS_MAX },
      });
    }
    const [added] = await tx
      .insert(ssoDomains)
      .values({
        accountId: actor.accountId,
        domain,
        token: randomBytes(18).toString('base64url'),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!added) {
      throw new AppError('conflict', 'error.sso_domain_listed', {
        inputError: 'domain',
        params: { domain },
      });
    }
    await recordChange(tx, caller, now, {
      action: 'sso.domain_added',
      targetType: 'account',
      targetId: actor.accountId,
      changes: { domain },
    });
  });
  return getSsoSettings(ctx, actor);
}

/**
 * POST /api/account/sso/domains/{domain}/verify: looks the TXT record up now (DNS_SERVERS, else
 * the system's resolvers). Found, the domain is this account's, unless another account verified
 * it first (409; the partial unique index settles two at once).
 */
export async function verifySsoDomain(
  ctx: AppContext,
  caller: Caller,
  domain: string,
): Promise<SsoSettings> {
  const { actor } = caller;
  await requireSsoPlan(ctx.db, actor);
  const row = await requireDomain(ctx, actor.accountId, domain);
  const record = domainRecord(row.domain, row.token);
  if (!(await isPublished(ctx.config.dnsServers, record))) {
    throw new AppError('conflict', 'error.sso_domain_unverified', {
      params: { name: record.name, value: record.value },
    });
  }
  const held = () =>
    new AppError('conflict', 'error.sso_domain_held', { params: { domain: row.domain } });
  const now = ctx.now();
  try {
    await ctx.db.transaction(async (tx) => {
      const [other] = await tx
        .select({ accountId: ssoDomains.accountId })
        .from(ssoDomains)
        .where(
          and(
            eq(ssoDomains.domain, row.domain),
            isNotNull(ssoDomains.verifiedAt),
            ne(ssoDomains.accountId, actor.accountId),
          ),
        );
      if (other) throw held();
      const [verified] = await tx
        .update(ssoDomains)
        .set({ verifiedAt: now })
        .where(and(eq(ssoDomains.accountId, actor.accountId), eq(ssoDomains.domain, row.domain)))
        .returning();
      if (!verified) throw new AppError('not_found', 'error.not_found');
      await recordChange(tx, caller, now, {
        action: 'sso.domain_verified',
        targetType: 'account',
        targetId: actor.accountId,
        changes: { domain: row.domain, record: record.name },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw held();
    throw error;
  }
  return getSsoSettings(ctx, actor);
}

/** DELETE /api/account/sso/domains/{domain}: the account lets the domain go (any plan). */
export async function removeSsoDomain(
  ctx: AppContext,
  caller: Caller,
  domain: string,
): Promise<SsoSettings> {
  const { actor } = caller;
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(ssoDomains)
      .where(and(eq(ssoDomains.accountId, actor.accountId), eq(ssoDomains.domain, domain)))
      .returning();
    if (!removed) throw new AppError('not_found', 'error.not_found');
    await recordChange(tx, caller, now, {
      action: 'sso.domain_removed',
      targetType: 'account',
      targetId: actor.accountId,
      changes: { domain, was_verified: removed.verifiedAt !== null },
    });
  });
  return getSsoSettings(ctx, actor);
}
