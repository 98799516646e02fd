import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '@partner-portal/shared/constants';
import { FORM_MESSAGES } from '@partner-portal/shared/form-messages';
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

// Every locales/<lng>/*.json file is merged into one tree per language, plus the shared form
// messages (spec §5) that the server uses too.
const files = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

export function buildResources(): Record<Locale, Tree> {
  const resources = Object.fromEntries(
    LOCALES.map((locale) => [locale, deepMerge({}, FORM_MESSAGES[locale] as unknown as Tree)]),
  ) as Record<Locale, Tree>;
  for (const [path, tree] of Object.entries(files)) {
    const locale = path.split('/').at(-2) as Locale;
    if (resources[locale]) resources[locale] = deepMerge(resources[locale], tree);
  }
  return resources;
}

export const i18n = i18next.createInstance();
const resources = buildResources();
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(
    Object.entries(resources).map(([lng, tree]) => [lng, { translation: tree }]),
  ),
  lng: getLocale(),
  fallbackLng: FALLBACK_LOCALE,
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = i18n.language;

export function changeLocale(locale: Locale): void {
  setPreferredLocale(locale);
  void i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
}
