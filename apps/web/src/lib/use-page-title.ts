import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §2: a page sets the document title from a translated title. */
export function usePageTitle(titleKey: string): string {
  const { t } = useTranslation();
  const title = t(titleKey);
  useEffect(() => {
    document.title = `${title} · Partner Portal`;
  }, [title]);
  return title;
}
