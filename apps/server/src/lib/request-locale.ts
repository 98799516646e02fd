import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@partner-portal/shared/constants';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language of this request's messages (from Accept-Language), worked out when asked. */
    readonly locale: Locale;
  }
}

/** Gives every request its `locale`, so routes and the error handler read it one way. */
export function registerRequestLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      return localeFromAcceptLanguage(this.headers['accept-language']);
    },
  });
}

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
