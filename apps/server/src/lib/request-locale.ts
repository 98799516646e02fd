import { FALLBACK_LOCALE, LOCALES, type Locale } from '@partner-portal/shared/constants';

/**
 * Picks the best supported language from an Accept-Language header, honouring q-values
 * ("es-MX;q=0.9, en;q=0.8" → es). Anything unsupported falls back to English.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return FALLBACK_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().slice(0, 2).toLowerCase(), quality, index };
    })
    .filter((entry) => entry.base && Number.isFinite(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const match = ranked.find((entry) => (LOCALES as readonly string[]).includes(entry.base));
  return (match?.base as Locale | undefined) ?? FALLBACK_LOCALE;
}
