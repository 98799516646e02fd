import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@/styles.css';
import { AppRoot } from '@/app/app-root';
import { createAppRouter, type PageHandle } from '@/app/router';
import { prepareClassMerging } from '@/lib/cn';
import { i18n, loadTranslations } from '@/lib/i18n';
import { setNavigator } from '@/lib/navigation';
import { applyTheme, getInitialDarkMode } from '@/lib/theme';

applyTheme(getInitialDarkMode());
// Creating the router starts loading the first route's chunks, alongside the translations.
const router = createAppRouter();
setNavigator((to, options) => void router.navigate(to, options));
// In the wait for the network, not in the first render's task.
setTimeout(prepareClassMerging, 0);

/**
 * Whether #root holds the build-time render of the page the router is about to draw, in the
 * language about to be shown (docs/architecture.md#prerendered-public-pages). Not when the guard
 * sent the visitor elsewhere (a signed-in user on /signin) or the stored language differs from
 * the one the server picked: then the page is drawn afresh over it.
 */
function holdsThisPage(root: HTMLElement): boolean {
  const page = (router.state.matches.at(-1)?.route.handle as PageHandle | undefined)?.page;
  return root.dataset.prerenderedPage === page && root.dataset.prerenderedLocale === i18n.language;
}

/**
 * The first render (or hydration) goes in a transition: React renders a transition in slices of a
 * few milliseconds, yielding to the browser between them, where a default update renders in one
 * task; the first render was the page's longest task (docs/performance.md). A click or key press
 * on the prerendered page meanwhile makes React finish hydrating at once and replay it; its
 * submit button is disabled until then anyway (useHydrated).
 */
function render(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const app = (
    <AppRoot>
      <RouterProvider router={router} />
    </AppRoot>
  );
  if (holdsThisPage(root)) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    delete root.dataset.prerenderedPage;
    delete root.dataset.prerenderedLocale;
    const reactRoot = createRoot(root);
    startTransition(() => {
      reactRoot.render(app);
    });
  }
}

/**
 * Resolves once the router has its first page's layout, page and guard decision in (or the error
 * it will show). Until then index.html's loading screen stays: rendering the router sooner would
 * draw its loading overlay only to replace it a moment later, a whole render of work on the main
 * thread before the page's own (docs/performance.md#main-thread-work-on-the-dashboard).
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
