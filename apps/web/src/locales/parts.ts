/**
 * Translations load one language at a time, in two parts (see lib/i18n.ts): `core`, the files
 * the signed-out screens (sign-in, sign-up), the toasts and the page titles need, loaded before
 * the first render; and `rest`, everything else, loaded with the first screen that needs it.
 * vite.config.ts groups the files into one chunk per language and part from this same list.
 */
const CORE_TRANSLATION_FILES: readonly string[] = ['app', 'auth', 'global', 'titles', 'ui'];

export type TranslationPart = 'core' | 'rest';
export const TRANSLATION_PARTS: readonly TranslationPart[] = ['core', 'rest'];

/** Language and part of a `locales/<lng>/<file>.json` path (a file name, a path or a module id). */
export function translationFileOf(
  path: string,
): { locale: string; part: TranslationPart } | undefined {
  const match = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2]) return undefined;
  return {
    locale: match[1],
    part: CORE_TRANSLATION_FILES.includes(match[2]) ? 'core' : 'rest',
  };
}
