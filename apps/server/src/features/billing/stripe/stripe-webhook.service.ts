import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { webhookEvents } from '../../../db/schema/index';
import type { AppContext } from '../../../lib/app-context';
import { AppError } from '../../../lib/app-error';
import { handleSubscriptionEvent, type SubscriptionEvent } from '../subscription-events.service';

const HANDLED = new Set<string>([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
]);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The app's view of a Stripe event: which subscription it is about, and when Stripe retries. */
function subscriptionEventOf(event: Stripe.Event): SubscriptionEvent | null {
  if (!HANDLED.has(event.type)) return null;
  const type = event.type as SubscriptionEvent['type'];
  const object = event.data.object as { object: string };
  if (object.object === 'subscription') {
    return { type, subscriptionId: (object as Stripe.Subscription).id };
  }
  if (object.object === 'invoice') {
    const invoice = object as Stripe.Invoice;
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    if (!subscriptionId) return null;
    const next = invoice.next_payment_attempt;
    return { type, subscriptionId, nextAttemptAt: next ? new Date(next * 1000) : null };
  }
  return null;
}

/**
 * POST /api/webhook/stripe: checks Stripe's signature on the raw body, takes each event once
 * (its id is claimed in `webhook_events`; a failure gives the claim back, so Stripe's retry is
 * handled), and re-reads the subscription from Stripe rather than trusting the event's copy,
 * so events that arrive twice or out of order leave the same state.
 */
export async function receiveStripeEvent(
  ctx: AppContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const secret = ctx.config.stripe?.webhookSecret;
  if (!secret || ctx.billing.kind !== 'stripe') {
    throw new AppError('not_found', 'error.webhook_not_configured');
  }
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature ?? '', secret);
  } catch {
    throw new AppError('bad_request', 'error.webhook_signature');
  }
  const [claimed] = await ctx.db
    .insert(webhookEvents)
    .values({ id: event.id, provider: 'stripe', type: event.type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  if (!claimed) return { received: true, duplicate: true };
  try {
    const news = subscriptionEventOf(event);
    if (news) await handleSubscriptionEvent(ctx, news);
  } catch (error) {
    await ctx.db.delete(webhookEvents).where(eq(webhookEvents.id, event.id));
    throw error;
  }
  return { received: true, duplicate: false };
}
