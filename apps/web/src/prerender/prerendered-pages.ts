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
}

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
  },
  {
    page: 'not-found',
    path: paths.notFound404,
    alsoAt: [paths.notFound],
    titleKey: 'titles.not_found',
    drawsFrom: [],
  },
];
