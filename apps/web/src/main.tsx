import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@/styles.css';
import { Providers } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { prepareClassMerging } from '@/lib/cn';
import { loadTranslations } from '@/lib/i18n';
import { setNavigator } from '@/lib/navigation';
import { applyTheme, getInitialDarkMode } from '@/lib/theme';

applyTheme(getInitialDarkMode());
// Creating the router starts loading the first route's chunks, alongside the translations.
const router = createAppRouter();
setNavigator((to, options) => void router.navigate(to, options));
// In the wait for the network, not in the first render's task.
setTimeout(prepareClassMerging, 0);

function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

/**
 * Resolves once the router has its first page's layout, page and guard decision in (or the error
 * it will show). Until then index.html's loading screen stays: rendering the router sooner would
 * draw its loading overlay only to replace it a moment later, a whole render of work on the main
 * thread before the page's own (docs/architecture.md#main-thread-work-on-the-dashboard).
 */
function firstPageReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// Only the current language's strings are downloaded, and they are in before the first render so
// no untranslated text flashes. Should they fail to load, the app still starts.
const translations = loadTranslations(['core']).catch((error: unknown) => {
  console.error('Could not load the translations', error);
});
// The render gets a task of its own: the last of these to arrive is the page's chunk, and its
// evaluation and the whole first render would otherwise make one long task.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
void Promise.all([translations, firstPageReady()]).then(nextTask).then(render);
