/**
 * What the page applies before its first paint, shared by the web app (which writes these) and
 * the server (which picks a prerendered page's language and allows the inline script by its hash
 * in the Content-Security-Policy). Zod-free: the first visit's code imports it.
 */

/** Local storage: the signed-in user's record (with `dark_mode`), and a signed-out visitor's theme. */
export const SESSION_STORAGE_KEY = 'partner-portal.session';
export const THEME_STORAGE_KEY = 'partner-portal.dark';

/** The cookie carrying the language the app shows, so the server answers a page already in it. */
export const LOCALE_COOKIE = 'locale';

/**
 * Applies dark mode before the first paint: the stored user's choice, else this browser's saved
 * choice, else the system's (as lib/theme.ts getInitialDarkMode decides once the app runs).
 * Inline in every page's head, so a dark user never sees a light flash; any error leaves light.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var s=localStorage,d=s.getItem(${JSON.stringify(
  THEME_STORAGE_KEY,
)}),u=s.getItem(${JSON.stringify(
  SESSION_STORAGE_KEY,
)});if(u){var m=JSON.parse(u).dark_mode;if(typeof m==="boolean")d=String(m)}var k=d===null?matchMedia("(prefers-color-scheme: dark)").matches:d==="true",e=document.documentElement;e.classList.toggle("dark",k);e.style.colorScheme=k?"dark":"light"}catch(_){}})()`;
