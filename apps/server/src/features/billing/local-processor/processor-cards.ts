import { createHmac } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  behaviourOf,
  cardBrandOf,
  cardDigits,
  isExpired,
  parseExpiry,
  type CardSummary,
  type LocalCardInput,
  type LocalCardToken,
} from '@partner-portal/shared/card';
import type { Db } from '../../../db/client';
import { localCustomers, localPaymentMethods } from '../../../db/schema/index';
import { PaymentError } from '../payment-error';
import { newProcessorId } from './processor-ids';

export type PaymentMethodRow = typeof localPaymentMethods.$inferSelect;

/**
 * The same card gives the same fingerprint, so a card can be recognised without its number; a
 * keyed HMAC, because an unkeyed hash of a 16-digit number with a known prefix is quickly
 * reversed by trying them all.
 */
function fingerprintOf(key: Buffer, digits: string): string {
  return createHmac('sha256', key).update(`card:${digits}`).digest('base64url').slice(0, 22);
}

export function summaryOf(row: PaymentMethodRow): CardSummary {
  return { brand: row.brand, last4: row.last4, exp_month: row.expMonth, exp_year: row.expYear };
}

/**
 * POST /api/billing/local/cards: turns a typed card into a token the app may hold. The number
 * and CVC end here — checked, reduced to brand, last 4 and fingerprint, never stored or logged.
 */
export async function tokenizeCard(
  db: Db,
  key: Buffer,
  input: LocalCardInput,
  now: Date,
): Promise<LocalCardToken> {
  const digits = cardDigits(input.number);
  const expiry = parseExpiry(input.expiry);
  if (!expiry) throw new PaymentError('invalid_expiry', 'expiry');
  if (isExpired(expiry, now)) throw new PaymentError('expired_card', 'expiry');
  const brand = cardBrandOf(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (input.cvc.length !== cvcLength) throw new PaymentError('invalid_cvc', 'cvc');

  const [row] = await db
    .insert(localPaymentMethods)
    .values({
      id: newProcessorId('pm'),
      brand,
      last4: digits.slice(-4),
      expMonth: expiry.month,
      expYear: expiry.year,
      fingerprint: fingerprintOf(key, digits),
      cardholderName: input.name,
      behaviour: behaviourOf(digits),
    })
    .returning();
  if (!row) throw new Error('payment method insert returned nothing');
  return { token: row.id, ...summaryOf(row) };
}

/**
 * Attaches a token to a customer, once: a token is single-use, and another customer's card is
 * not found. Attaching the card already attached to this customer is a no-op (a retried call).
 */
export async function attachPaymentMethod(
  db: Db,
  customerId: string,
  token: string,
): Promise<PaymentMethodRow> {
  const [claimed] = await db
    .update(localPaymentMethods)
    .set({ customerId, attachedAt: new Date() })
    .where(and(eq(localPaymentMethods.id, token), isNull(localPaymentMethods.customerId)))
    .returning();
  if (claimed) return claimed;
  const [existing] = await db
    .select()
    .from(localPaymentMethods)
    .where(and(eq(localPaymentMethods.id, token), eq(localPaymentMethods.customerId, customerId)))
    .limit(1);
  if (!existing) throw new PaymentError('invalid_token', 'token');
  return existing;
}

export async function setDefaultPaymentMethod(db: Db, customerId: string, paymentMethodId: string) {
  await db
    .update(localCustomers)
    .set({ defaultPaymentMethodId: paymentMethodId })
    .where(eq(localCustomers.id, customerId));
}

export async function findPaymentMethod(
  db: Db,
  id: string | null,
): Promise<PaymentMethodRow | null> {
  if (!id) return null;
  const [row] = await db
    .select()
    .from(localPaymentMethods)
    .where(eq(localPaymentMethods.id, id))
    .limit(1);
  return row ?? null;
}
