import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { Locale } from '@partner-portal/shared/constants';
import { AppRoot } from '@/app/app-root';
import { buildRoutes } from '@/app/router';
import { i18n, loadTranslations } from '@/lib/i18n';
import { pageTitle } from '@/lib/use-page-title';

/**
 * Renders one public page as the browser's first render will draw it (the same routes and
 * AppRoot), with React's static rendering API. Run by scripts/prerender.ts during the build.
 */
export async function renderPage(
  path: string,
  titleKey: string,
  locale: Locale,
): Promise<{ html: string; title: string; description: string }> {
  await loadTranslations(['core'], locale);
  await i18n.changeLanguage(locale);
  const handler = createStaticHandler(buildRoutes({ guarded: false }));
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered a redirect at build time`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <AppRoot>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
  const html = await new Response(prelude).text();
  const { title, description } = pageTitle(i18n.t.bind(i18n), titleKey);
  return { html, title, description };
}
