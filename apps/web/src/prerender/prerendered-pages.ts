import { paths } from '@/app/route-table';

/**
 * The public pages rendered to HTML at build time (docs/architecture.md#prerendered-public-pages),
 * each in every language. `drawsFrom` names the query parameters the page draws from: a request
 * carrying one of them gets the client-rendered page instead, since the build cannot know their
 * values (the server reads this list from dist/prerendered/pages.json).
 */
export interface PrerenderedPage {
  /** Page module name under app/pages, as main.tsx compares it with the router's match. */
  page: string;
  /** The path rendered; the server also answers `alsoAt` and, for not-found, unknown paths. */
  path: string;
  alsoAt: string[];
  titleKey: string;
  drawsFrom: string[];
  /** Also rendered for a request carrying exactly these parameters (see PageFill). */
  filled?: PageFill[][];
}

/**
 * A query parameter a variant of the page is rendered with at build time, under a stand-in
 * value: the server writes the request's own value where the stand-in is (escaped), when it
 * matches `pattern`, and answers the client-rendered page when it does not. The pattern must
 * admit only values the page draws as they are (an address the page would trim or refuse is left
 * to the browser), so that the page the server fills is the page the browser then hydrates.
 */
interface PageFill {
  param: string;
  standIn: string;
  pattern: string;
}

/** A password reset link as mailed: its token and the address it was sent to (≤ 254 chars). */
const RESET_LINK: PageFill[] = [
  { param: 'token', standIn: 'prerender-fill-token', pattern: '^[A-Za-z0-9._~-]{1,512}$' },
  {
    param: 'email',
    standIn: 'prerender-fill@address.invalid',
    pattern: '^(?=.{3,254}$)[^\\s@]+@[^\\s@]+$',
  },
];

export const PRERENDERED_PAGES: PrerenderedPage[] = [
  { page: 'signin', path: paths.signin, alsoAt: [], titleKey: 'titles.signin', drawsFrom: [] },
  {
    page: 'signup',
    path: paths.signup,
    alsoAt: [],
    titleKey: 'titles.signup',
    drawsFrom: ['partner'],
  },
  {
    page: 'forgot-password',
    path: paths.forgotPassword,
    alsoAt: [],
    titleKey: 'titles.forgot_password',
    drawsFrom: [],
  },
  {
    page: 'reset-password',
    path: paths.resetPassword,
    alsoAt: [],
    titleKey: 'titles.reset_password',
    drawsFrom: ['token', 'email'],
    filled: [RESET_LINK],
  },
  {
    page: 'not-found',
    path: paths.notFound404,
    alsoAt: [paths.notFound],
    titleKey: 'titles.not_found',
    drawsFrom: [],
  },
];
