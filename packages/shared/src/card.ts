import { z } from 'zod';
import { encodeMessage } from './form-messages';
import { storableText } from './validation';

/*
 * Card rules of the built-in card processor (docs/billing.md "The built-in card processor"),
 * shared by its card form and its tokenising endpoint so both refuse the same input. The
 * processor answers the way Stripe's own test cards do, so a journey reads the same on both
 * providers.
 */

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Brand names as printed on cards (the same in every language); null for an unknown brand. */
export const CARD_BRAND_NAMES: Record<CardBrand, string | null> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: null,
};

/** What a card does when charged: the first payment, and the renewals after it. */
export type CardBehaviour =
  | 'succeeds'
  | 'authenticate_first'
  | 'authenticate_always'
  | 'decline_card_declined'
  | 'decline_insufficient_funds'
  | 'decline_expired_card'
  | 'fail_renewals';

export const DECLINE_CODES = ['card_declined', 'insufficient_funds', 'expired_card'] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

export interface TestCard {
  number: string;
  behaviour: CardBehaviour;
}

/** Stripe's test numbers the built-in processor honours; any other valid number succeeds. */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', behaviour: 'succeeds' },
  { number: '4000002500003155', behaviour: 'authenticate_first' },
  { number: '4000002760003184', behaviour: 'authenticate_always' },
  { number: '4000000000000002', behaviour: 'decline_card_declined' },
  { number: '4000000000009995', behaviour: 'decline_insufficient_funds' },
  { number: '4000000000000069', behaviour: 'decline_expired_card' },
  { number: '4000000000000341', behaviour: 'fail_renewals' },
];

export function declineCodeOf(behaviour: CardBehaviour): DeclineCode | null {
  switch (behaviour) {
    case 'decline_card_declined':
      return 'card_declined';
    case 'decline_insufficient_funds':
      return 'insufficient_funds';
    case 'decline_expired_card':
      return 'expired_card';
    default:
      return null;
  }
}

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the number's first digits (IIN ranges), as far as it is typed. */
export function cardBrandOf(number: string): CardBrand {
  const digits = cardDigits(number);
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export function cvcLengthOf(brand: CardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

export function isValidCardNumber(number: string): boolean {
  const digits = cardDigits(number);
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits);
}

export function behaviourOf(number: string): CardBehaviour {
  const digits = cardDigits(number);
  return TEST_CARDS.find((card) => card.number === digits)?.behaviour ?? 'succeeds';
}

/** "MM/YY" (spaces allowed around the slash) → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is usable through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const afterLastDay = Date.UTC(expiry.year, expiry.month, 1);
  return now.getTime() >= afterLastDay;
}

/** Groups the digits as printed on the card (4-6-5 for Amex, fours otherwise). */
export function formatCardNumber(number: string): string {
  const digits = cardDigits(number).replace(/\D/g, '').slice(0, 19);
  if (cardBrandOf(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)]
      .filter(Boolean)
      .join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

const invalid = (key: string) => ({ error: encodeMessage(key) });

/**
 * POST /api/billing/local/cards: the card as typed into the built-in processor's form. The
 * number and CVC are checked and thrown away; only brand, last 4, expiry and a fingerprint are
 * kept (docs/billing.md).
 */
export const LocalCardInputSchema = z.strictObject({
  number: storableText()
    .max(32)
    .refine(isValidCardNumber, invalid('global.form.card.error.number')),
  expiry: storableText()
    .max(16)
    .refine((value) => parseExpiry(value) !== null, invalid('global.form.card.error.expiry')),
  cvc: storableText()
    .trim()
    .regex(/^\d{3,4}$/, invalid('global.form.card.error.cvc')),
  name: storableText().trim().min(1, invalid('global.form.card.error.name')).max(100),
});
export type LocalCardInput = z.infer<typeof LocalCardInputSchema>;

export const CardSummarySchema = z.object({
  brand: z.enum(CARD_BRANDS),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type CardSummary = z.infer<typeof CardSummarySchema>;

/** The built-in processor's answer: a single-use token standing for the card, and its summary. */
export const LocalCardTokenSchema = CardSummarySchema.extend({ token: z.string() });
export type LocalCardToken = z.infer<typeof LocalCardTokenSchema>;
