import { describe, expect, it } from 'vitest';
import {
  behaviourOf,
  cardBrandOf,
  formatCardNumber,
  isExpired,
  isValidCardNumber,
  LocalCardInputSchema,
  parseExpiry,
  passesLuhn,
  TEST_CARDS,
} from './card';

describe('card numbers', () => {
  it('accepts every test card and refuses a changed digit (Luhn)', () => {
    for (const card of TEST_CARDS) {
      expect(isValidCardNumber(card.number)).toBe(true);
      const last = Number(card.number.at(-1));
      expect(passesLuhn(`${card.number.slice(0, -1)}${(last + 1) % 10}`)).toBe(false);
    }
    expect(isValidCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isValidCardNumber('4242-4242-4242-4242')).toBe(true);
    expect(isValidCardNumber('4242')).toBe(false);
    expect(isValidCardNumber('4242a24242424242')).toBe(false);
  });

  it('tells the brand from the first digits', () => {
    expect(cardBrandOf('4242')).toBe('visa');
    expect(cardBrandOf('5555 5555 5555 4444')).toBe('mastercard');
    expect(cardBrandOf('2223003122003222')).toBe('mastercard');
    expect(cardBrandOf('378282246310005')).toBe('amex');
    expect(cardBrandOf('6011111111111117')).toBe('discover');
    expect(cardBrandOf('9999')).toBe('unknown');
  });

  it('groups digits as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('4242x42')).toBe('4242 42');
  });

  it('answers like Stripe’s test cards; any other valid number succeeds', () => {
    expect(behaviourOf('4000 0025 0000 3155')).toBe('authenticate_first');
    expect(behaviourOf('4000002760003184')).toBe('authenticate_always');
    expect(behaviourOf('4000000000000341')).toBe('fail_renewals');
    expect(behaviourOf('5555555555554444')).toBe('succeeds');
  });
});

describe('expiry', () => {
  it('reads MM/YY and refuses other shapes', () => {
    expect(parseExpiry('04/31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry(' 4 / 31 ')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
    expect(parseExpiry('00/31')).toBeNull();
    expect(parseExpiry('04/2031')).toBeNull();
  });

  it('keeps a card usable through the last day of its month', () => {
    const expiry = { month: 2, year: 2028 };
    expect(isExpired(expiry, new Date('2028-02-29T23:59:59Z'))).toBe(false);
    expect(isExpired(expiry, new Date('2028-03-01T00:00:00Z'))).toBe(true);
  });
});

describe('LocalCardInputSchema', () => {
  const valid = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada' };

  it('accepts a typed card', () => {
    expect(LocalCardInputSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['number', { number: '4242 4242 4242 4241' }],
    ['expiry', { expiry: '1234' }],
    ['cvc', { cvc: '12' }],
    ['name', { name: '  ' }],
  ])('names the bad field: %s', (field, patch) => {
    const result = LocalCardInputSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('refuses unknown fields', () => {
    expect(LocalCardInputSchema.safeParse({ ...valid, pan: '4242' }).success).toBe(false);
  });
});
