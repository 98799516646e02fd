import { and, eq, sql } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import { accounts, accountUsers, users, webhookEndpoints } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { recordChange } from '../../lib/audit';
import { renderMail } from '../../lib/mail/mail-templates';

/**
 * Three days of failures (docs/product.md#webhooks): the endpoint is disabled, what was still
 * waiting for it is given up too (each can be resent from the list once it answers), and the
 * owner is mailed — once, by whichever try got here first (the update compares first). Runs in
 * the caller's transaction.
 */
export async function giveUpEndpoint(
  ctx: AppContext,
  endpointId: string,
  lastError: string,
): Promise<void> {
  const now = ctx.now();
  const [endpoint] = await ctx.db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: 'failing', updatedAt: now })
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
    .returning({ accountId: webhookEndpoints.accountId, url: webhookEndpoints.url });
  if (!endpoint) return;
  await ctx.db.execute(sql`
    UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = ${now},
      last_error = coalesce(last_error, 'endpoint disabled')
    WHERE endpoint_id = ${endpointId} AND status = 'pending'`);
  await recordChange(ctx.db, 'system', now, {
    action: 'webhook.disabled',
    accountId: endpoint.accountId,
    targetType: 'webhook',
    targetId: endpointId,
    changes: { url: endpoint.url, reason: 'failing', last_error: lastError },
  });
  const [owner] = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      account: accounts.name,
    })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(
      and(eq(accountUsers.accountId, endpoint.accountId), eq(accountUsers.permission, 'owner')),
    )
    .limit(1);
  if (!owner) return;
  const locale = toLocale(owner.locale);
  await ctx.mail.send(
    {
      to: owner.email,
      ...renderMail('webhook_disabled', locale, {
        name: owner.firstName ?? '',
        account: owner.account,
        url: endpoint.url,
        error: lastError,
        link: `${ctx.config.appUrl}/account/webhooks`,
      }),
      template: 'webhook_disabled',
      locale,
    },
    ctx.db,
  );
}
