import { and, eq } from 'drizzle-orm';
import { toLocale, type Locale, type NotificationName } from '@partner-portal/shared/constants';
import type { Charge } from '@partner-portal/shared/billing';
import type { CardSummary } from '@partner-portal/shared/card';
import { formatBillingDay, formatMoney } from '@partner-portal/shared/money';
import { findPlan, type PlanId } from '@partner-portal/shared/plans';
import { accounts, accountUsers, users } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import { renderMail, type MailTemplate } from '../../lib/mail/mail-templates';
import { isNotificationActive } from '../notifications/notification-settings.service';
import type { SubscriptionSnapshot } from '../../lib/billing-provider';
import { queueWebhook } from '../../lib/webhook-queue';

/*
 * What the account owner is told about billing. Plan and card changes obey the owner's
 * notification switches (plan_updated, card_updated), except a card someone else put in place;
 * a failed or waiting payment and a cancellation are always sent, since the account loses its
 * plan over them.
 */

const RETRY_TEXT: Record<Locale, (date: string | null) => string> = {
  en: (date) => (date ? `We will try again on ${date}.` : 'We will not try again.'),
  es: (date) => (date ? `Lo volveremos a intentar el ${date}.` : 'No volveremos a intentarlo.'),
};

const CHARGED_TEXT: Record<Locale, (amount: string, invoice: string) => string> = {
  en: (amount, invoice) => `We charged ${amount} to your card (invoice ${invoice}). `,
  es: (amount, invoice) => `Hemos cobrado ${amount} en tu tarjeta (factura ${invoice}). `,
};

const INVOICE_ACTION: Record<Locale, string> = { en: 'View the invoice', es: 'Ver la factura' };
const BILLING_ACTION: Record<Locale, string> = { en: 'Open billing', es: 'Abrir facturación' };

const CARD_TEXT: Record<Locale, (card: CardSummary | null) => string> = {
  en: (card) => (card ? `the card ending in ${card.last4}` : 'your card'),
  es: (card) => (card ? `la tarjeta acabada en ${card.last4}` : 'tu tarjeta'),
};

async function ownerOf(ctx: AppContext, accountId: string) {
  const [owner] = await ctx.db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      account: accounts.name,
    })
    .from(accountUsers)
    .innerJoin(users, eq(users.id, accountUsers.userId))
    .innerJoin(accounts, eq(accounts.id, accountUsers.accountId))
    .where(and(eq(accountUsers.accountId, accountId), eq(accountUsers.permission, 'owner')))
    .limit(1);
  return owner ?? null;
}

export type BillingNotice =
  | {
      kind: 'plan_updated';
      plan: PlanId;
      amount: number;
      currency: string;
      /** What the change took from the card, with its invoice. */
      charged: Charge | null;
    }
  | { kind: 'plan_scheduled'; plan: PlanId; current: PlanId; at: Date }
  /** `always`: sent whatever the owner's switch says (someone else changed the card). */
  | { kind: 'card_updated'; card: CardSummary; always: boolean }
  | {
      kind: 'payment_failed' | 'payment_action_required';
      amount: number;
      currency: string;
      card: CardSummary | null;
      nextAttemptAt: Date | null;
    }
  | { kind: 'subscription_canceled'; plan: PlanId };

const SWITCH_OF: Partial<Record<BillingNotice['kind'], NotificationName>> = {
  plan_updated: 'plan_updated',
  plan_scheduled: 'plan_updated',
  card_updated: 'card_updated',
};

const LINK_OF: Record<BillingNotice['kind'], string> = {
  plan_updated: '/account/billing',
  plan_scheduled: '/account/billing',
  card_updated: '/account/billing',
  payment_failed: '/account/billing',
  payment_action_required: '/account/billing/authenticate',
  subscription_canceled: '/account/billing',
};

/** Where the mail's button leads: a charge's invoice, else the page its kind is about. */
function linkOf(notice: BillingNotice): string {
  if (notice.kind === 'plan_updated' && notice.charged) {
    return `/account/billing/invoice?id=${encodeURIComponent(notice.charged.invoice_id)}`;
  }
  return LINK_OF[notice.kind];
}

function valuesOf(notice: BillingNotice, locale: Locale): Record<string, string> {
  const planName = (id: PlanId) => findPlan(id)?.name ?? id;
  switch (notice.kind) {
    case 'plan_updated':
      return {
        plan: planName(notice.plan),
        price: formatMoney(notice.amount, notice.currency, locale),
        charged: notice.charged
          ? CHARGED_TEXT[locale](
              formatMoney(notice.charged.amount, notice.charged.currency, locale),
              notice.charged.invoice_number,
            )
          : '',
        action: notice.charged ? INVOICE_ACTION[locale] : BILLING_ACTION[locale],
      };
    case 'plan_scheduled':
      return {
        plan: planName(notice.plan),
        current: planName(notice.current),
        date: formatBillingDay(notice.at, locale, 'long'),
      };
    case 'card_updated':
      return { card: CARD_TEXT[locale](notice.card) };
    case 'payment_failed':
    case 'payment_action_required':
      return {
        amount: formatMoney(notice.amount, notice.currency, locale),
        card: CARD_TEXT[locale](notice.card),
        retry: RETRY_TEXT[locale](
          notice.nextAttemptAt ? formatBillingDay(notice.nextAttemptAt, locale, 'long') : null,
        ),
      };
    case 'subscription_canceled':
      return { plan: planName(notice.plan) };
  }
}

/**
 * The owner's notice that a renewal is unpaid: `payment_action_required` when only the
 * cardholder can approve it, `payment_failed` otherwise, with the provider's next try.
 */
export async function notifyPaymentDue(
  ctx: AppContext,
  accountId: string,
  snapshot: SubscriptionSnapshot,
  options: { actionRequired: boolean; nextAttemptAt: Date | null },
): Promise<void> {
  const waiting = snapshot.waitingPayment;
  await queueWebhook(ctx.db, ctx.now(), accountId, 'invoice.payment_failed', {
    account_id: accountId,
    amount: waiting?.amount ?? 0,
    currency: waiting?.currency ?? 'usd',
    action_required: options.actionRequired,
    next_attempt_at: options.nextAttemptAt?.toISOString() ?? null,
  });
  await notifyOwner(ctx, accountId, {
    kind: options.actionRequired ? 'payment_action_required' : 'payment_failed',
    amount: waiting?.amount ?? 0,
    currency: waiting?.currency ?? 'usd',
    card: await ctx.billing.getDefaultCard(snapshot.customerId),
    nextAttemptAt: options.nextAttemptAt,
  });
}

/** Mails the account owner about a billing change, in their language. */
export async function notifyOwner(
  ctx: AppContext,
  accountId: string,
  notice: BillingNotice,
): Promise<void> {
  const owner = await ownerOf(ctx, accountId);
  if (!owner) return;
  const toggle =
    notice.kind === 'card_updated' && notice.always ? undefined : SWITCH_OF[notice.kind];
  if (toggle && !(await isNotificationActive(ctx.db, owner.id, toggle))) return;
  const locale = toLocale(owner.locale);
  const template: MailTemplate = notice.kind;
  await ctx.mail.send(
    {
      to: owner.email,
      ...renderMail(template, locale, {
        name: owner.firstName,
        account: owner.account,
        link: `${ctx.config.appUrl}${linkOf(notice)}`,
        ...valuesOf(notice, locale),
      }),
      template,
      locale,
    },
    ctx.db,
  );
}
