import { derivedKey } from '../../lib/derived-key';
import { PLAN_QUOTE_TTL_MINUTES } from '@partner-portal/shared/billing';
import type { PlanId } from '@partner-portal/shared/plans';
import { AppError } from '../../lib/app-error';
import { signJwt, verifyJwt } from '../../lib/hs256-jwt';

/*
 * A previewed upgrade's amount, held (docs/billing.md "Changing plans"). The preview's proration
 * date goes back to the provider with the change so the card is charged what the owner saw. The
 * client could pick a date of its own (the period's last second makes an upgrade nearly free),
 * so the date travels signed, tied to the account, its subscription and both plans, and lasts
 * PLAN_QUOTE_TTL_MINUTES on the server's clock.
 */

const ISSUER = 'partner-portal';
const AUDIENCE = 'plan-quote';

export interface QuotedChange {
  accountId: string;
  subscriptionId: string;
  from: PlanId;
  to: PlanId;
  prorationDate: Date;
}

function quoteKey(sessionSecret: string): Buffer {
  return derivedKey(sessionSecret, 'plan-quote');
}

export function signQuote(sessionSecret: string, change: QuotedChange, now: Date): string {
  const seconds = Math.floor(now.getTime() / 1000);
  return signJwt(
    {
      iss: ISSUER,
      aud: AUDIENCE,
      sub: change.accountId,
      subscription: change.subscriptionId,
      from: change.from,
      to: change.to,
      proration_date: change.prorationDate.toISOString(),
      iat: seconds,
      exp: seconds + PLAN_QUOTE_TTL_MINUTES * 60,
    },
    quoteKey(sessionSecret),
  );
}

/**
 * The proration date of a quote made for exactly this change; a quote that is expired, altered
 * or made for another change is refused with 409, and the client previews again.
 */
export function quotedProrationDate(
  sessionSecret: string,
  quote: string,
  change: Omit<QuotedChange, 'prorationDate'>,
  now: Date,
): Date {
  const claims = verifyJwt(quote, quoteKey(sessionSecret), {
    issuer: ISSUER,
    audience: AUDIENCE,
    now,
  });
  const date = typeof claims?.proration_date === 'string' ? new Date(claims.proration_date) : null;
  if (
    !claims ||
    !date ||
    Number.isNaN(date.getTime()) ||
    claims.sub !== change.accountId ||
    claims.subscription !== change.subscriptionId ||
    claims.from !== change.from ||
    claims.to !== change.to
  ) {
    throw new AppError('conflict', 'error.plan_quote_expired', { inputError: 'quote' });
  }
  return date;
}
