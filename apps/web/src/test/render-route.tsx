import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { buildRoutes } from '@/app/router';
import { setNavigator } from '@/lib/navigation';

/** Renders the whole app at `path`, as the browser would open it; navigations go to its router. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  setNavigator((to, options) => void router.navigate(to, options));
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}
