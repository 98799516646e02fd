import { and, eq } from 'drizzle-orm';
import { declineCodeOf, type CardBehaviour } from '@partner-portal/shared/card';
import type { Db } from '../../../db/client';
import { localPaymentIntents, localPaymentMethods } from '../../../db/schema/index';
import { hashToken } from '../../../lib/one-time-token';
import { encryptSecret } from '../../../lib/secret-box';
import { newClientSecret, newProcessorId } from './processor-ids';

export type PaymentIntentRow = typeof localPaymentIntents.$inferSelect;
type PaymentMethodRow = typeof localPaymentMethods.$inferSelect;

export type ChargeOutcome =
  | { kind: 'succeeded'; intent: PaymentIntentRow }
  | { kind: 'requires_action'; intent: PaymentIntentRow; clientSecret: string }
  | { kind: 'declined'; intent: PaymentIntentRow; declineCode: string };

/**
 * How the built-in processor's test cards answer, as Stripe's do: whether the cardholder is
 * there (`onSession`: they are paying on screen) or not (a renewal), and whether they already
 * authenticated this card for later payments.
 */
function answerOf(
  behaviour: CardBehaviour,
  onSession: boolean,
  offSessionReady: boolean,
): 'succeeded' | 'requires_action' | 'declined' {
  switch (behaviour) {
    case 'authenticate_first':
      return onSession && !offSessionReady ? 'requires_action' : 'succeeded';
    case 'authenticate_always':
      return 'requires_action';
    case 'fail_renewals':
      return onSession ? 'succeeded' : 'declined';
    case 'succeeds':
      return 'succeeded';
    default:
      return 'declined';
  }
}

export interface ChargeInput {
  customerId: string;
  paymentMethod: PaymentMethodRow;
  invoiceId: string | null;
  purpose: 'payment' | 'setup';
  amount: number;
  currency: string;
  description: string;
  onSession: boolean;
}

/** Creates a payment intent and answers it at once, or leaves it waiting for the cardholder. */
export async function charge(tx: Db, key: Buffer, input: ChargeInput): Promise<ChargeOutcome> {
  const id = newProcessorId('pi');
  const clientSecret = newClientSecret(id);
  const card = input.paymentMethod;
  // A zero payment (a setup, or an invoice fully paid by credit) still proves the card.
  const answer = answerOf(card.behaviour, input.onSession, card.offSessionReady);
  const declineCode =
    answer === 'declined' ? (declineCodeOf(card.behaviour) ?? 'card_declined') : null;
  const status =
    answer === 'succeeded'
      ? 'succeeded'
      : answer === 'requires_action'
        ? 'requires_action'
        : 'requires_payment_method';
  const [intent] = await tx
    .insert(localPaymentIntents)
    .values({
      id,
      clientSecretHash: hashToken(clientSecret),
      clientSecretSealed: encryptSecret(key, clientSecret),
      customerId: input.customerId,
      paymentMethodId: card.id,
      invoiceId: input.invoiceId,
      purpose: input.purpose,
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      status,
      declineCode,
    })
    .returning();
  if (!intent) throw new Error('payment intent insert returned nothing');
  if (answer === 'succeeded') return { kind: 'succeeded', intent };
  if (answer === 'requires_action') return { kind: 'requires_action', intent, clientSecret };
  return { kind: 'declined', intent, declineCode: declineCode ?? 'card_declined' };
}

/** The intent a client secret belongs to, if it still waits for the cardholder. */
export async function findWaitingIntent(
  db: Db,
  clientSecret: string,
): Promise<PaymentIntentRow | null> {
  const [row] = await db
    .select()
    .from(localPaymentIntents)
    .where(
      and(
        eq(localPaymentIntents.clientSecretHash, hashToken(clientSecret)),
        eq(localPaymentIntents.status, 'requires_action'),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Settles a waiting intent once: the first answer wins, a second finds nothing waiting. */
export async function settleIntent(
  tx: Db,
  id: string,
  status: 'succeeded' | 'requires_payment_method' | 'canceled',
  declineCode: string | null = null,
): Promise<PaymentIntentRow | null> {
  const [row] = await tx
    .update(localPaymentIntents)
    .set({ status, declineCode, updatedAt: new Date() })
    .where(and(eq(localPaymentIntents.id, id), eq(localPaymentIntents.status, 'requires_action')))
    .returning();
  return row ?? null;
}

export async function cancelWaitingIntents(tx: Db, invoiceId: string) {
  await tx
    .update(localPaymentIntents)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(
      and(
        eq(localPaymentIntents.invoiceId, invoiceId),
        eq(localPaymentIntents.status, 'requires_action'),
      ),
    );
}

export async function markOffSessionReady(tx: Db, paymentMethodId: string) {
  await tx
    .update(localPaymentMethods)
    .set({ offSessionReady: true })
    .where(eq(localPaymentMethods.id, paymentMethodId));
}
