import type { Locale } from './constants';

/*
 * How billing writes money and dates, the same in mails, the PDF and the screens. Amounts are
 * integer minor units of their currency (cents for USD and EUR, whole yen for JPY); billing
 * dates are stored in UTC and shown as UTC days.
 */

const intlLocale = (locale: string) => (locale === 'es' ? 'es-ES' : 'en-US');

/** 4900 usd → "$49.00" (en), "49,00 US$" (es). */
export function formatMoney(minorUnits: number, currency: string, locale: Locale | string): string {
  const format = new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: currency.toUpperCase(),
  });
  const perUnit = 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2);
  return format.format(minorUnits / perUnit);
}

/** A billing day: "Dec 1, 2026" / "1 dic 2026" (medium), "December 1, 2026" (long). */
export function formatBillingDay(
  date: Date | string,
  locale: Locale | string,
  style: 'medium' | 'long' = 'medium',
): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: style, timeZone: 'UTC' }).format(
    typeof date === 'string' ? new Date(date) : date,
  );
}
