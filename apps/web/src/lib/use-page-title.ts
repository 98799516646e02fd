import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';

/** The document title and description of a page, also written into prerendered pages' heads. */
export function pageTitle(
  t: TFunction,
  titleKey: string,
): { heading: string; title: string; description: string } {
  const heading = t(titleKey);
  return {
    heading,
    title: `${heading} · Partner Portal`,
    description: t('titles.meta_description'),
  };
}

/**
 * docs/product.md#screens-and-routes: a page sets the document title from a translated title; the page's description (for
 * search results and link previews) follows the language too.
 */
export function usePageTitle(titleKey: string): string {
  const { t } = useTranslation();
  const { heading, title, description } = pageTitle(t, titleKey);
  useEffect(() => {
    document.title = title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return heading;
}
