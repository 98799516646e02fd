import { eq } from 'drizzle-orm';
import type { DigestPreview, DigestPreviewQuery } from '@partner-portal/shared/digests';
import { users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { AppError } from '../../lib/app-error';
import { updateNotifications } from '../notifications/notification-settings.service';
import { digestZone } from './digest-job';
import { composeDigestMail, digestRecipient } from './digest-mail.service';
import { latestDuePeriod, nextPeriod } from './digest-periods';
import { verifyUnsubscribeToken } from './unsubscribe-token';

/**
 * The user's next digest with the data so far (docs/product.md#report-digests), built exactly as
 * the job will build it — same recipient, same account, same HTML — for the saved settings or
 * for the choices in `query`, so the screen can show a choice before it is saved.
 */
export async function previewDigest(
  ctx: AppContext,
  userId: string,
  query: DigestPreviewQuery,
): Promise<DigestPreview> {
  const now = ctx.now();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('unauthorized', 'error.unauthorized');
  const frequency = query.frequency ?? user.digestFrequency;
  const timezone = query.timezone ?? digestZone(user.timezone);
  const csv = query.csv === undefined ? user.digestCsv : query.csv === 'true';
  const period = nextPeriod(frequency, timezone, now);
  // The next period is not over yet: its figures would read as a fall against a whole one.
  const shown = latestDuePeriod(frequency, timezone, now);
  const base = {
    frequency,
    timezone,
    period: { from: period.from, to: period.to },
    send_at: period.sendAt.toISOString(),
    shown_period: { from: shown.from, to: shown.to },
    subject: null,
    html: null,
    text: null,
    attachment: null,
  };
  const recipient = await digestRecipient(ctx.db, userId, now);
  if (typeof recipient === 'string') return { ...base, status: recipient, account_name: null };
  const mail = await composeDigestMail(
    ctx.db,
    ctx.config,
    { ...recipient, user: { ...recipient.user, digestCsv: csv } },
    shown,
    frequency,
  );
  const account_name = recipient.account.name;
  if (!mail) return { ...base, status: 'no_data', account_name };
  return {
    ...base,
    status: 'ready',
    account_name,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    attachment: mail.attachments?.[0]?.filename ?? null,
  };
}

/**
 * The signed link's unsubscribe: turns the user's digest off, without a session. Idempotent —
 * a second click, or the mail client's one-click POST after the link, answers the same — and a
 * user deleted since the mail has nothing left to stop.
 */
export async function unsubscribeFromDigest(ctx: AppContext, token: string): Promise<void> {
  const userId = verifyUnsubscribeToken(ctx.config.sessionSecret, token);
  if (!userId) {
    throw new AppError('bad_request', 'error.digest_unsubscribe_invalid', { inputError: 'token' });
  }
  const [user] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return;
  await updateNotifications(ctx.db, userId, { report_digest: false }, ctx.now());
}
