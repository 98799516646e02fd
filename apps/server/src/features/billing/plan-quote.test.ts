import { describe, expect, it } from 'vitest';
import { PLAN_QUOTE_TTL_MINUTES } from '@partner-portal/shared/billing';
import { quotedProrationDate, signQuote } from './plan-quote';

const SECRET = 'a-session-secret-of-plenty-of-characters';
const change = {
  accountId: 'acc-1',
  subscriptionId: 'sub_1',
  from: 'free_plus',
  to: 'free_plus_ai',
} as const;
const prorationDate = new Date('2026-12-02T10:00:00.123Z');
const issued = new Date('2026-12-02T10:00:01Z');
const minutes = (n: number) => new Date(issued.getTime() + n * 60_000);

describe('a plan quote', () => {
  const quote = signQuote(SECRET, { ...change, prorationDate }, issued);

  it('gives back its proration date, to the millisecond, while it lasts', () => {
    expect(quotedProrationDate(SECRET, quote, change, minutes(PLAN_QUOTE_TTL_MINUTES - 1))).toEqual(
      prorationDate,
    );
  });

  it('is refused once it has expired, under another secret, or for another change', () => {
    const refused = (fn: () => unknown) =>
      expect(fn).toThrow(
        expect.objectContaining({ code: 'conflict', options: { inputError: 'quote' } }),
      );
    refused(() => quotedProrationDate(SECRET, quote, change, minutes(PLAN_QUOTE_TTL_MINUTES)));
    refused(() => quotedProrationDate(`${SECRET}x`, quote, change, issued));
    refused(() => quotedProrationDate(SECRET, quote, { ...change, to: 'free_pro' }, issued));
    refused(() => quotedProrationDate(SECRET, quote, { ...change, from: 'free_core' }, issued));
    refused(() => quotedProrationDate(SECRET, quote, { ...change, accountId: 'acc-2' }, issued));
    refused(() =>
      quotedProrationDate(SECRET, quote, { ...change, subscriptionId: 'sub_2' }, issued),
    );
    refused(() => quotedProrationDate(SECRET, 'not-a-quote', change, issued));
  });
});
