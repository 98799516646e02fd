import { Languages, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@partner-portal/shared/constants';
import { Button } from '@/components/ui/button';
import { saveDarkMode, saveLocale } from '@/lib/preferences';
import { useDarkMode } from '@/lib/theme';

/**
 * Signed-out visitors have no stored user, so the auth screens offer language and theme; a
 * signed-in user on them (verify, plan) has the choice saved on their user too.
 */
export function PreferencesBar() {
  const { t, i18n } = useTranslation();
  const { dark } = useDarkMode();
  const next = LOCALES.find((locale) => locale !== i18n.language) ?? 'en';
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void saveLocale(next as Locale)}
        aria-label={t('app.preferences.language', { language: t(`app.languages.${next}`) })}
      >
        <Languages aria-hidden />
        <span lang={next}>{t(`app.languages.${next}`)}</span>
      </Button>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => void saveDarkMode(!dark)}
        aria-label={dark ? t('app.user_menu.light_mode') : t('app.user_menu.dark_mode')}
      >
        {/* Chosen by the page's `dark` class, not by `dark`: a prerendered page is drawn before
            the app knows the theme, and the head's script has already set the class. */}
        <Sun aria-hidden className="hidden dark:block" />
        <Moon aria-hidden className="dark:hidden" />
      </Button>
    </div>
  );
}
