import type { Locale } from '@partner-portal/shared/constants';
import type { ReportDimension } from '@partner-portal/shared/report-data';
import { i18n } from '@/lib/i18n';

// Channel and device values the demo data and imports use (apps/server/src/db/seed); each has
// a label under embed.values.<dimension> in both languages.
const TRANSLATED: Partial<Record<ReportDimension, readonly string[]>> = {
  channel: ['search', 'social', 'display', 'video', 'email'],
  device: ['desktop', 'mobile', 'tablet'],
};

const regionNames = new Map<Locale, Intl.DisplayNames>();

function regionName(locale: Locale, code: string): string | undefined {
  // Intl.DisplayNames throws on anything that is not a region subtag ("unknown", "U.S.").
  if (!/^([a-z]{2}|\d{3})$/i.test(code)) return undefined;
  let names = regionNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames(locale, { type: 'region', fallback: 'none' });
    regionNames.set(locale, names);
  }
  try {
    return names.of(code.toUpperCase());
  } catch {
    return undefined;
  }
}

/** "paid_search" → "Paid search": an unknown value still reads as a name. */
function capitalise(locale: Locale, value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toLocaleUpperCase(locale) + words.slice(1);
}

/**
 * How a breakdown key reads in the viewer's language: country names for ISO codes, translated
 * channels and devices, advertiser and campaign names as they are.
 */
export function dimensionValueLabel(
  locale: Locale,
  dimension: ReportDimension,
  value: string,
): string {
  const t = i18n.getFixedT(locale);
  if (value.trim() === '') return t('embed.values.not_set');
  switch (dimension) {
    case 'country':
      return regionName(locale, value.trim()) ?? value;
    case 'channel':
    case 'device': {
      const known = value.trim().toLowerCase();
      return TRANSLATED[dimension]?.includes(known)
        ? t(`embed.values.${dimension}.${known}`)
        : capitalise(locale, value);
    }
    default:
      return value;
  }
}
