import { and, eq } from 'drizzle-orm';
import type { DigestFrequency } from '@partner-portal/shared/digests';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { OutgoingMail } from '../../lib/mail/mail-transport';
import { findSigninAccountId } from '../../lib/current-user';
import { buildDigest, type DigestRecipient } from './digest-content.service';
import type { DigestPeriod } from './digest-periods';
import { renderDigest } from './digest-render';
import { signUnsubscribeToken } from './unsubscribe-token';

/** Why a due digest is not sent (digest_deliveries.skip_reason). */
export type DigestSkipReason = 'no_data' | 'no_account' | 'unsubscribed' | 'two_factor_required';

/**
 * Whose reports a user's digest tells of: the account they land in when signing in (their
 * default, else their oldest usable one). Null when no account can be read — none left, or
 * every one disabled — or when that account's 2FA policy keeps the user out: a mail must not
 * show what the app itself refuses them (docs/product.md#two-factor-policy).
 */
export async function digestRecipient(
  db: Db,
  userId: string,
  now: Date,
): Promise<DigestRecipient | Exclude<DigestSkipReason, 'no_data' | 'unsubscribed'>> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.disabled) return 'no_account';
  const accountId = await findSigninAccountId(db, user.id, user.defaultAccountId);
  if (!accountId) return 'no_account';
  const [row] = await db
    .select({ membership: accountUsers, account: accounts })
    .from(accountUsers)
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.userId, user.id), eq(accountUsers.accountId, accountId)))
    .limit(1);
  if (!row || row.account.disabledAt !== null) return 'no_account';
  const deadline = row.account.twoFactorDeadline;
  if (deadline && deadline <= now && !user.totpEnabled) return 'two_factor_required';
  return { user, ...row };
}

/** The digest's links: the dashboard, the page that unsubscribes, and the one-click endpoint. */
function digestLinks(config: Pick<Config, 'appUrl' | 'sessionSecret'>, userId: string) {
  const token = encodeURIComponent(signUnsubscribeToken(config.sessionSecret, userId));
  return {
    dashboardUrl: `${config.appUrl}/dashboard/core`,
    unsubscribeUrl: `${config.appUrl}/unsubscribe?token=${token}`,
    oneClickUrl: `${config.appUrl}/api/digest/unsubscribe?token=${token}`,
  };
}

/**
 * The digest mail of `recipient` for `period`, ready for the outbox, or null when the period has
 * no data. The settings screen's preview renders the very same mail.
 */
export async function composeDigestMail(
  db: Db,
  config: Pick<Config, 'appUrl' | 'sessionSecret' | 'insightFloors'>,
  recipient: DigestRecipient,
  period: DigestPeriod,
  frequency: DigestFrequency,
): Promise<OutgoingMail | null> {
  const links = digestLinks(config, recipient.user.id);
  const built = await buildDigest(db, recipient, period, {
    frequency,
    withCsv: recipient.user.digestCsv,
    dashboardUrl: links.dashboardUrl,
    insightFloors: config.insightFloors,
    unsubscribeUrl: links.unsubscribeUrl,
  });
  if (!built) return null;
  const rendered = renderDigest(built.content);
  return {
    to: recipient.user.email,
    ...rendered,
    template: 'report_digest',
    locale: built.content.locale,
    // RFC 8058: a mail client may offer its own unsubscribe button, which POSTs to this URL.
    headers: {
      'List-Unsubscribe': `<${links.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...(built.csv
      ? {
          attachments: [
            {
              filename: `report-${period.from}-to-${period.to}.csv`,
              contentType: 'text/csv; charset=utf-8',
              content: built.csv.csv,
            },
          ],
        }
      : {}),
  };
}
