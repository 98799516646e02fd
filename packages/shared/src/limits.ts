/*
 * Every throttle of the API in one table, with the reason for its size (docs/security.md
 * "Limits sized for people"). A limit is a count per window: per client address (`ADDRESS_LIMITS`,
 * counted on every request of the route, so a flood is cut before any work) or per account,
 * user or e-mail (`ACCOUNT_LIMITS`, counted by the route's handler on what it did, so a refused
 * request counts nothing).
 */

export interface Limit {
  max: number;
  windowMs: number;
  reason: string;
}

const MINUTE = 60_000;

export const ADDRESS_LIMITS = {
  mail: {
    max: 3,
    windowMs: MINUTE,
    reason:
      'Verification, reset, magic-link and help mail: a person asks again once or twice; more is someone mailing a victim.',
  },
  signin: {
    max: 10,
    windowMs: MINUTE,
    reason: 'A person mistypes a few times; ten a minute from one address is a script guessing.',
  },
  otp: {
    max: 10,
    windowMs: MINUTE,
    reason: 'Codes are six digits: a few tries per minute keep guessing hopeless.',
  },
  unsubscribe: {
    max: 20,
    windowMs: MINUTE,
    reason:
      'A digest link is clicked once, and a mail client posts its one-click unsubscribe once; the links are signed, so a run of them is a script, not a person.',
  },
  signup: {
    max: 10,
    windowMs: MINUTE,
    reason: 'An office signs up a handful of people at once, not more.',
  },
  invite: {
    max: 30,
    windowMs: MINUTE,
    reason:
      'An admin filling a team sends several invite requests a minute, some refused for a typo; the mail itself is counted per admin.',
  },
  feedback: {
    max: 10,
    windowMs: MINUTE,
    reason: 'A person rates now and then; a flood is a script.',
  },
  embed: {
    max: 60,
    windowMs: MINUTE,
    reason:
      'Opening a workbook trades a single-use 256-bit token for a data session, once per dashboard view: guessing is hopeless, and people browsing dashboards (several behind one office address) open many in a minute.',
  },
  card: {
    max: 10,
    windowMs: MINUTE,
    reason:
      'A person types a card now and then; a run of cards from one address is someone testing stolen numbers.',
  },
  scim: {
    max: 600,
    windowMs: MINUTE,
    reason:
      'An IdP provisioning a company syncs in bursts of a few calls a second (Entra ID looks up, creates, then patches each person); ten a second for a minute from one address is a loop or a token being guessed.',
  },
} as const satisfies Record<string, Limit>;
export type AddressLimitName = keyof typeof ADDRESS_LIMITS;

export const ACCOUNT_LIMITS = {
  api_key: {
    max: 600,
    windowMs: MINUTE,
    reason:
      'Per API key: an integration syncing reports or a team makes a few calls a second at most; ten a second for a minute is a loop gone wrong, and it must not slow the screens people use.',
  },
  password_guesses: {
    max: 10,
    windowMs: 15 * MINUTE,
    reason:
      'Wrong passwords for one e-mail from browsers that never signed in as it, from anywhere: spreading guesses over many addresses does not help.',
  },
  password_guesses_per_source: {
    max: 5,
    windowMs: 15 * MINUTE,
    reason:
      'Wrong passwords per e-mail and address from any browser, which in practice binds only the real user’s own known browser.',
  },
  verification_mail: {
    max: 3,
    windowMs: MINUTE,
    reason: 'Verification mail to one address: asking again twice is plenty.',
  },
  invite_mail: {
    max: 50,
    windowMs: 10 * MINUTE,
    reason:
      'Counts the addresses actually mailed by one admin (a refused request counts nothing): a whole team of 50 in ten minutes, in one call or many, but not a mailing list.',
  },
  support_mail: {
    max: 3,
    windowMs: MINUTE,
    reason: 'Help requests to support from one user: a person writes once or twice.',
  },
  report_imports: {
    max: 30,
    windowMs: 60 * MINUTE,
    reason:
      'Files loaded into one account (a refused file counts nothing): a person loads a few and fixes a line or two, while every load adds rows for good.',
  },
  product_events: {
    max: 60,
    windowMs: MINUTE,
    reason:
      'Product events (POST /api/event) per user: a screen reports a click or a view now and then; a second apiece for a minute is a loop, and the events table feeds the operator console.',
  },
} as const satisfies Record<string, Limit>;
export type AccountLimitName = keyof typeof ACCOUNT_LIMITS;
