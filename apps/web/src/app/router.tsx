import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, replace, type RouteObject } from 'react-router';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { loadTranslations } from '@/lib/i18n';
import { getSession, sessionStoreReady } from '@/lib/session-store';
import type { TranslationPart } from '@/locales/parts';
import { resolveGuard } from './route-guard';
import { CORE_ONLY_LAYOUTS, ROUTES, type LayoutName } from './route-table';

// Every page is its own chunk, loaded when its route is first visited.
const pageModules = import.meta.glob<{ default: ComponentType }>('./pages/*-page.tsx');

function lazyPage(name: string, layout?: LayoutName): RouteObject['lazy'] {
  const load = pageModules[`./pages/${name}-page.tsx`];
  if (!load) throw new Error(`No page module for ${name}`);
  const parts: TranslationPart[] =
    layout && CORE_ONLY_LAYOUTS.includes(layout) ? ['core'] : ['core', 'rest'];
  return async () => {
    const [page] = await Promise.all([load(), loadTranslations(parts)]);
    return { Component: page.default };
  };
}

// Layouts load lazily too, so a signed-out visit to /signin does not download the signed-in
// frame (rail, slide-out menu, user menu) and the other way round.
const LAYOUTS: Record<LayoutName, RouteObject['lazy']> = {
  app: async () => ({ Component: (await import('./layouts/app-layout')).AppLayout }),
  account: async () => ({ Component: (await import('./layouts/account-layout')).AccountLayout }),
  auth: async () => ({ Component: (await import('./layouts/auth-layout')).AuthLayout }),
  centered: async () => ({
    Component: (await import('./layouts/centered-card-layout')).CenteredLayout,
  }),
  onboarding: async () => ({
    Component: (await import('./layouts/onboarding-layout')).OnboardingLayout,
  }),
};

/**
 * docs/product.md#states-and-transitions guard, run before every navigation so a protected page never flashes; the redirect
 * replaces the history entry so Back does not return to a page the user may not see.
 */
async function guardLoader({ request }: { request: Request }): Promise<null> {
  // A stored session is checked by its schema, which a signed-out first visit never loads.
  await sessionStoreReady();
  const url = new URL(request.url);
  const decision = resolveGuard({ session: getSession(), path: url.pathname, search: url.search });
  if (decision) throw replace(decision.redirect);
  return null;
}

/** What a page route carries in `handle`: its page module's name (main.tsx compares it with the prerendered page's). */
export interface PageHandle {
  page: string;
}

const pageRoute = (
  path: string,
  page: string,
  layout?: LayoutName,
  guarded = true,
): RouteObject => ({
  path,
  // On each page route (not the root): React Router re-runs a route's loader when that
  // route is entered, while a parent's loader is skipped on navigations between children.
  ...(guarded ? { loader: guardLoader } : {}),
  lazy: lazyPage(page, layout),
  handle: { page } satisfies PageHandle,
});

/**
 * The app's route tree. `guarded: false` leaves out the session guard, for the build-time render
 * of the public pages (src/prerender), where there is no session to check; the tree it draws is
 * the same, which is what hydration needs.
 */
export function buildRoutes({ guarded = true }: { guarded?: boolean } = {}): RouteObject[] {
  const layoutRoutes: RouteObject[] = (Object.keys(LAYOUTS) as LayoutName[]).map((layout) => {
    return {
      lazy: LAYOUTS[layout],
      children: ROUTES.filter((route) => route.layout === layout).map((route) =>
        pageRoute(route.path, route.page, layout, guarded),
      ),
    };
  });
  return [
    {
      id: 'root',
      Component: Outlet,
      // Shown while the first layout and page chunks load.
      HydrateFallback: () => <LoadingOverlay show />,
      children: [
        ...layoutRoutes,
        pageRoute('/notfound', 'not-found', undefined, false),
        pageRoute('/404', 'not-found', undefined, false),
        pageRoute('*', 'not-found', undefined, false),
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
