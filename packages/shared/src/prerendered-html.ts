/**
 * What the server writes into the public pages the build drew
 * (docs/architecture.md#prerendered-public-pages): shared by the build, which draws stand-ins and
 * markers, the server, which fills them in or cuts them out, and the browser, which reads the
 * sign-in options the server put in the page. Zod-free: the first visit's code imports it.
 */

/** The social sign-in providers the server can be configured with (env `OAUTH_<NAME>_…`). */
export const SOCIAL_PROVIDERS = ['google', 'microsoft', 'oidc'] as const;
export type SocialProviderId = (typeof SOCIAL_PROVIDERS)[number];

/** The sign-in options (GET /api/auth/providers' answer) as a page carries them. */
export interface PageSignInOptions {
  /** In the order of SOCIAL_PROVIDERS, which is the order the build drew them in. */
  providers: { id: SocialProviderId; name: string }[];
  brandUrl?: string;
}

/** The id of the `<script type="application/json">` element that carries them. */
export const SIGN_IN_OPTIONS_ELEMENT_ID = 'sign-in-options';

/** What the build draws the signed-out screens with: every provider and the brand link. */
export const DRAWN_SIGN_IN_OPTIONS: PageSignInOptions = {
  providers: SOCIAL_PROVIDERS.map((id) => ({ id, name: `prerender-fill-provider-${id}` })),
  brandUrl: 'https://prerender-fill.invalid/brand',
};

/** For text and quoted attribute values alike. */
export const escapeHtml = (text: string): string =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** The options' JSON element, for a page's head; `<` escaped, so no value can end the element. */
export function signInOptionsElement(options: PageSignInOptions): string {
  const json = JSON.stringify(options).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${SIGN_IN_OPTIONS_ELEMENT_ID}">${json}</script>`;
}

/** The options in the order the build drew the providers in, as the page must show them. */
export function inDrawnOrder(options: PageSignInOptions): PageSignInOptions {
  const providers = [...options.providers].sort(
    (a, b) => SOCIAL_PROVIDERS.indexOf(a.id) - SOCIAL_PROVIDERS.indexOf(b.id),
  );
  return { ...options, providers };
}

/**
 * A drawn signed-out page cut to the server's own options, so that it is what the browser draws
 * from them: the buttons of providers it lacks removed (the whole block when it has none), the
 * names of the others and the brand link written in, or the link removed. The markers are the
 * web app's (`data-sign-in-providers` on the block and `data-provider` on each item in
 * social-buttons.tsx, `data-brand-link` in split-screen-layout.tsx); a page without them is
 * returned as it is.
 */
export function fillSignInOptions(html: string, options: PageSignInOptions): string {
  const names = new Map(options.providers.map((provider) => [provider.id, provider.name]));
  let filled = html;
  if (names.size === 0) {
    filled = filled.replace(/<div [^>]*data-sign-in-providers=""[^>]*>[\s\S]*?<\/ul><\/div>/, '');
  }
  for (const drawn of DRAWN_SIGN_IN_OPTIONS.providers) {
    const name = names.get(drawn.id);
    filled =
      name === undefined
        ? filled.replace(new RegExp(`<li data-provider="${drawn.id}">[\\s\\S]*?</li>`), '')
        : filled.replaceAll(drawn.name, escapeHtml(name));
  }
  const drawnBrand = DRAWN_SIGN_IN_OPTIONS.brandUrl as string;
  return options.brandUrl
    ? filled.replaceAll(drawnBrand, escapeHtml(options.brandUrl))
    : filled.replace(/<a [^>]*data-brand-link=""[^>]*>[\s\S]*?<\/a>/, '');
}
