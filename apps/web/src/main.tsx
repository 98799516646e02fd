import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@/styles.css';
import '@/lib/i18n';
import { Providers } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { setNavigator } from '@/lib/navigation';
import { applyTheme, getInitialDarkMode } from '@/lib/theme';

applyTheme(getInitialDarkMode());
const router = createAppRouter();
setNavigator((to, options) => void router.navigate(to, options));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
