import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import { toLocale } from '@partner-portal/shared/constants';
import { API_KEY_EXPIRY_WARNING_DAYS } from '@partner-portal/shared/api-key-rules';
import { formatBillingDay } from '@partner-portal/shared/money';
import { accounts, apiKeys, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { inTransaction } from '../../lib/app-context';
import { renderMail } from '../../lib/mail/mail-templates';

const DAY_MS = 86_400_000;

/**
 * Mails each live key's creator once, 7 days before the key expires (docs/product.md#api-keys).
 * Several instances may run it at once: each takes its keys with SKIP LOCKED and marks them in the
 * same transaction as the mail, so a key is warned about exactly once. Answers how many were mailed.
 */
export async function mailExpiringKeys(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const horizon = new Date(now.getTime() + API_KEY_EXPIRY_WARNING_DAYS * DAY_MS);
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ key: apiKeys, user: users, account: accounts })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
      .where(
        and(
          isNull(apiKeys.revokedAt),
          isNull(apiKeys.expiryWarnedAt),
          isNotNull(apiKeys.expiresAt),
          gt(apiKeys.expiresAt, now),
          lte(apiKeys.expiresAt, horizon),
          isNull(accounts.closedAt),
        ),
      )
      .limit(100)
      .for('update', { of: apiKeys, skipLocked: true });
    const txCtx = inTransaction(ctx, tx);
    for (const { key, user, account } of due) {
      const locale = toLocale(user.locale);
      await txCtx.mail.send(
        {
          to: user.email,
          ...renderMail('api_key_expiring', locale, {
            name: user.firstName,
            key: key.name,
            stub: key.stub,
            account: account.name,
            date: formatBillingDay(key.expiresAt!, locale, 'long'),
            link: `${ctx.config.appUrl}/account/apikeys`,
          }),
          template: 'api_key_expiring',
          locale,
        },
        tx,
      );
      await tx.update(apiKeys).set({ expiryWarnedAt: now }).where(eq(apiKeys.id, key.id));
    }
    return due.length;
  });
}
