import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * docs/product.md#screens-and-routes: a page sets the document title from a translated title; the page's description (for
 * search results and link previews) follows the language too.
 */
export function usePageTitle(titleKey: string): string {
  const { t } = useTranslation();
  const title = t(titleKey);
  const description = t('titles.meta_description');
  useEffect(() => {
    document.title = `${title} · Partner Portal`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return title;
}
