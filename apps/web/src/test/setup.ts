import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
// Components translate through the app's i18next instance, as in the browser. The browser loads
// the current language before the first render and the rest on demand; tests have both in.
import { loadTranslations } from '@/lib/i18n';
import { LOCALES } from '@partner-portal/shared/constants';
import { loadRichFieldControls } from '@/components/form/rich-field-controls';

await Promise.all(LOCALES.map((locale) => loadTranslations(['core', 'rest'], locale)));
// Likewise the form controls the browser loads on first use, so forms render in one go.
// (form-validation is imported for its module only: the form engine's lazy import then finds it
// loaded, and no app module that tests mock is loaded here first.)
await Promise.all([loadRichFieldControls(), import('@/components/form/form-validation')]);

// A page's first render in a test file also loads its modules; on a busy CI machine that has
// taken more than the default second, and once more than 5 s (the API keys page's first test
// failed that way in CI while two browser journeys ran beside it). A wait that is met returns at
// once, so only a test that would fail anyway waits longer.
configure({ asyncUtilTimeout: 15_000 });

// An unexpected console.error (React warnings, failed prop types, act() warnings) fails the test.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});

// The web project shares one jsdom and one module cache between the files of a worker
// (vitest.config.ts, isolate: false). So that no file sees another's state, each file ends by
// dropping the app's modules (their stores, caches and i18n instance load afresh for the next
// file; React and the other packages stay loaded) and what the page kept on <html>.
afterAll(() => {
  vi.resetModules();
  sessionStorage.clear();
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  document.head.replaceChildren();
  document.title = '';
  window.history.replaceState(null, '', '/');
});

// jsdom lacks these browser APIs that Radix primitives call.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
