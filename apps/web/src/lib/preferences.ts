import type { Locale } from '@partner-portal/shared/constants';
import { handleApiError } from './error-handler';
import { changeLocale, i18n } from './i18n';
import { patchProfile } from './profile-api';
import { getSession } from './session-store';
import { isDarkMode, setDarkMode } from './theme';

type PreferenceName = 'dark_mode' | 'locale';

// Saves still in flight, and preferences whose last save failed: for those, this browser's
// choice wins over the server's copy until a later save gets through.
const pending = new Map<PreferenceName, number>();
const unsaved = new Set<PreferenceName>();

async function persist(name: PreferenceName, input: { dark_mode: boolean } | { locale: Locale }) {
  if (!getSession()) return;
  pending.set(name, (pending.get(name) ?? 0) + 1);
  try {
    // The answer is not merged: the choice is already applied and stored, and with two quick
    // toggles an earlier answer would briefly contradict what the page shows.
    await patchProfile(input);
    unsaved.delete(name);
  } catch (error) {
    // docs/product.md#states-and-transitions "applied immediately and saved": a failed save keeps the choice and says so.
    unsaved.add(name);
    handleApiError(error);
  } finally {
    pending.set(name, (pending.get(name) ?? 1) - 1);
  }
}

/** docs/product.md#states-and-transitions dark mode toggle: applied at once, then saved on the signed-in user. */
export function saveDarkMode(dark: boolean): Promise<void> {
  setDarkMode(dark);
  return persist('dark_mode', { dark_mode: dark });
}

/** The language switch: applied at once, then saved on the signed-in user (docs/product.md#what-the-product-does). */
export function saveLocale(locale: Locale): Promise<void> {
  changeLocale(locale);
  return persist('locale', { locale });
}

function isSettled(name: PreferenceName): boolean {
  return !unsaved.has(name) && (pending.get(name) ?? 0) === 0;
}

/**
 * Takes the server's theme and language (another device may have changed them), except a
 * preference this browser is still saving or could not save.
 */
export function adoptServerPreferences(user: { dark_mode: boolean; locale: Locale }): void {
  if (isSettled('dark_mode') && user.dark_mode !== isDarkMode()) setDarkMode(user.dark_mode);
  if (isSettled('locale') && user.locale !== i18n.language) changeLocale(user.locale);
}
