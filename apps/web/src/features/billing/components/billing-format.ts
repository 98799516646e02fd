const intlLocale = (locale: string) => (locale === 'es' ? 'es-ES' : 'en-US');

/** Cents of a currency, as the viewer's language writes money ($49.00, 49,00 US$). */
export function formatAmount(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** A billing date (stored in UTC) in the viewer's language: 1 Dec 2026, 1 dic 2026. */
export function formatDay(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(iso));
}
