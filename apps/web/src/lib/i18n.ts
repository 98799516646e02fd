import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@partner-portal/shared/constants';
import { LOCALE_COOKIE } from '@partner-portal/shared/first-paint';
import { FORM_MESSAGES } from '@partner-portal/shared/form-messages';
import { TRANSLATION_PARTS, translationFileOf, type TranslationPart } from '@/locales/parts';
import { getLocale, setPreferredLocale } from './session-store';

type Tree = { [key: string]: string | Tree };

function deepMerge(target: Tree, source: Tree): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    target[key] =
      typeof value === 'object' && typeof existing === 'object'
        ? deepMerge({ ...existing }, value)
        : value;
  }
  return target;
}

// Every locales/<lng>/*.json file, loaded on demand: a visit downloads its own language only, and
// the signed-out screens only its core part (locales/parts.ts; vite.config.ts makes one chunk per
// language and part). The shared form messages (docs/product.md#validation-rules), which the server uses too, go with core.
const files = import.meta.glob<Tree>('../locales/*/*.json', { import: 'default' });

async function loadPart(locale: Locale, part: TranslationPart): Promise<Tree> {
  const trees = await Promise.all(
    Object.entries(files)
      .filter(([path]) => {
        const file = translationFileOf(path);
        return file?.locale === locale && file.part === part;
      })
      .map(([, load]) => load()),
  );
  const base: Tree = part === 'core' ? deepMerge({}, FORM_MESSAGES[locale] as unknown as Tree) : {};
  return trees.reduce((merged, tree) => deepMerge(merged, tree), base);
}

/** Both languages' whole trees (the translation tests compare them). */
export async function buildResources(): Promise<Record<Locale, Tree>> {
  const entries = await Promise.all(
    LOCALES.map(async (locale) => {
      const parts = await Promise.all(TRANSLATION_PARTS.map((part) => loadPart(locale, part)));
      return [locale, parts.reduce((merged, tree) => deepMerge(merged, tree), {})] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Locale, Tree>;
}

/**
 * The language shown, in a cookie too: the server then answers the next visit's prerendered page
 * in it, even before anyone signs in (docs/architecture.md#prerendered-public-pages).
 */
function rememberLanguage(locale: string): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

export const i18n = i18next.createInstance();
i18n.on('languageChanged', rememberLanguage);
void i18n.use(initReactI18next).init({
  // Filled per language and part by loadTranslations (an empty object, not a backend: i18next
  // then switches languages synchronously once their strings are in).
  resources: {},
  lng: getLocale(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = i18n.language;

// The parts the screens shown so far asked for: a language switch loads the same for the new one.
const wantedParts = new Set<TranslationPart>(['core']);
const loaded = new Map<string, Promise<void>>();
const ready = new Set<string>();

function loadOnce(locale: Locale, part: TranslationPart): Promise<void> {
  const id = `${locale}/${part}`;
  let promise = loaded.get(id);
  if (!promise) {
    promise = loadPart(locale, part).then(
      (tree) => {
        i18n.addResourceBundle(locale, 'translation', tree, true, true);
        ready.add(id);
        // i18next settles the resolved language only once the language has strings.
        if (locale === i18n.language && !i18n.resolvedLanguage) void i18n.changeLanguage(locale);
      },
      (error: unknown) => {
        // A failed download (offline) may be tried again by the next screen.
        loaded.delete(id);
        throw error;
      },
    );
    loaded.set(id, promise);
  }
  return promise;
}

function isLoaded(locale: Locale, parts: Iterable<TranslationPart>): boolean {
  return [...parts].every((part) => ready.has(`${locale}/${part}`));
}

// The language of a switch still loading (see showLanguage).
let requested: Locale | null = null;

/**
 * Loads `parts` of `locale`, by default of the language shown and of one being switched to
 * (core: before the first render; rest: before a screen that needs it renders). Resolves at
 * once when they are already in.
 */
export function loadTranslations(
  parts: readonly TranslationPart[] = ['core'],
  locale?: Locale,
): Promise<void> {
  parts.forEach((part) => wantedParts.add(part));
  const locales = locale ? [locale] : [...new Set([i18n.language as Locale, requested ?? null])];
  const missing = locales.flatMap((lng) =>
    lng && !isLoaded(lng, parts) ? parts.map((part) => loadOnce(lng, part)) : [],
  );
  return missing.length === 0 ? Promise.resolve() : Promise.all(missing).then(() => undefined);
}

/**
 * Switches the language the app shows, without saving it anywhere. At once when its strings are
 * in; otherwise as soon as they have loaded (the page keeps the old language until then), unless
 * another switch came in the meantime.
 */
export function showLanguage(locale: Locale): Promise<void> {
  requested = locale;
  if (isLoaded(locale, wantedParts)) {
    void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
    return Promise.resolve();
  }
  // Once loaded, check again: a screen may have asked for another part in the meantime.
  return loadTranslations([...wantedParts], locale).then(() =>
    requested === locale ? showLanguage(locale) : undefined,
  );
}

export function changeLocale(locale: Locale): void {
  setPreferredLocale(locale);
  void showLanguage(locale).catch((error: unknown) => {
    console.warn('Could not load the translations', error);
  });
}
