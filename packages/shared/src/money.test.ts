import { describe, expect, it } from 'vitest';
import { formatBillingDay, formatMoney } from './money';

describe('billing money and days', () => {
  it('writes minor units as each language writes money', () => {
    expect(formatMoney(4900, 'usd', 'en')).toBe('$49.00');
    expect(formatMoney(4900, 'usd', 'es').replace(/\s/g, ' ')).toBe('49,00 US$');
    expect(formatMoney(1234, 'eur', 'es').replace(/\s/g, ' ')).toBe('12,34 €');
    // Yen has no minor unit: 500 is ¥500.
    expect(formatMoney(500, 'jpy', 'en')).toBe('¥500');
  });

  it('shows the UTC day, whatever the time zone of the machine', () => {
    expect(formatBillingDay('2026-12-01T00:30:00Z', 'en')).toBe('Dec 1, 2026');
    expect(formatBillingDay(new Date('2026-12-01T23:30:00Z'), 'es', 'long')).toBe(
      '1 de diciembre de 2026',
    );
  });
});
