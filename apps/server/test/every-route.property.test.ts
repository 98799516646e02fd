import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../src/db/schema/index';
import { listRouteAccess, type RegisteredRoute } from '../src/lib/auth-guard';
import { createSessionToken } from '../src/lib/session-token';
import { createAccount, createUser, uniqueEmail } from './factories';
import { bearer, enableTwoFactor, PASSWORD, randomIp, xsrfHeaders } from './identity-helpers';
import { createTestConfig } from './test-config';
import { useTestApp } from './use-test-app';

/**
 * Every registered API route fed hostile input (docs/security.md "Text that can be stored" and
 * "Bad input is a 4xx"): a valid example request per route, then the same request with one field
 * swapped for a hostile value, or with a NUL or a lone surrogate spliced into one of its strings,
 * or a random body. Whatever arrives, the answer is never a 5xx and every refusal carries a
 * message. A route with a body, query or path schema and no example here fails the completeness
 * test. The seed is logged; replay a failure with FC_SEED.
 */
// 40 runs a route, twice per CI run (PGlite and PostgreSQL), keeps CI inside its time budget (at
// 80 this file was the slowest of the run, 5 min a database); the seed changes every run, so the
// runs add up over time. FC_RUNS_PER_ROUTE asks for more (the flood bench sends 100,000 bad
// requests across the routes).
const RUNS = Number(process.env.FC_RUNS_PER_ROUTE) || 40;
const seed = Number(process.env.FC_SEED) || Date.now() % 2 ** 31;

const WRONG_PASSWORD = 'Wrong-horse-9!';
const token43 = () => 'x'.repeat(43);

/** A valid request per route: `body` for POST/PUT/PATCH/DELETE, `query` for GET, `params`. */
interface Example {
  body?: () => Record<string, unknown>;
  query?: () => Record<string, string>;
  params?: () => Record<string, string>;
}

const range = () => ({ from: '2026-01-01', to: '2026-01-31' });

const EXAMPLES: Record<string, Example> = {
  'POST /api/auth': { body: () => ({ email: uniqueEmail('fuzz'), password: WRONG_PASSWORD }) },
  'POST /api/auth/switch': { body: () => ({ account: randomUUID() }) },
  'POST /api/auth/magic': { body: () => ({ email: uniqueEmail('fuzz') }) },
  'POST /api/auth/magic/verify': { body: () => ({ token: token43() }) },
  'POST /api/auth/password/reset/request': { body: () => ({ email: uniqueEmail('fuzz') }) },
  'POST /api/auth/password/reset': {
    body: () => ({ jwt: token43(), email: uniqueEmail('fuzz'), password: 'New-horse-7!' }),
  },
  'POST /api/auth/otp': { body: () => ({ code: '123456', jwt: token43() }) },
  'POST /api/auth/impersonate': { body: () => ({ token: token43() }) },
  'POST /api/account': {
    body: () => ({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: uniqueEmail('fuzz'),
      partner_name: 'Analytical Engines',
      password: 'New-horse-7!',
    }),
  },
  'POST /api/account/plan': { body: () => ({ plan: 'free_plus' }) },
  'GET /api/account/plan/preview': { query: () => ({ plan: 'free_core' }) },
  'PATCH /api/user': {
    body: () => ({ first_name: 'Ada', email: uniqueEmail('fuzz'), password: WRONG_PASSWORD }),
  },
  'PUT /api/user/password': {
    body: () => ({ oldpassword: WRONG_PASSWORD, newpassword: 'New-horse-7!' }),
  },
  'POST /api/user/verify': { body: () => ({ token: token43() }) },
  'POST /api/user/email/revert': { body: () => ({ token: token43() }) },
  'PUT /api/user/2fa': { body: () => ({ '2fa_enabled': false, code: '123456' }) },
  'POST /api/user/2fa/verify': { body: () => ({ code: '123456' }) },
  'POST /api/user': {
    body: () => ({
      first_name: 'Ian',
      last_name: 'Vited',
      email: uniqueEmail('fuzz'),
      password: 'New-horse-7!',
      invite_id: token43(),
    }),
  },
  'POST /api/event': { body: () => ({ name: 'opened_help', metadata: { where: 'menu' } }) },
  'PATCH /api/notification': { body: () => ({ new_signin: true }) },
  'GET /api/digest/preview': {
    query: () => ({ frequency: 'weekdays', timezone: 'Europe/Madrid', csv: 'true' }),
  },
  'POST /api/digest/unsubscribe': { query: () => ({ token: `${randomUUID()}.${token43()}` }) },
  'GET /api/insights': {
    query: () => ({ workbook_id: 'local-core-overview', window: '7', metric: 'revenue' }),
  },
  'POST /api/insights/:id/feedback': {
    params: () => ({ id: 'cZXBYEb1mMDCE1gk3IokLi' }),
    body: () => ({ useful: false, mute_days: 30 }),
  },
  'PATCH /api/insights/settings': { body: () => ({ narrative: false }) },
  // Off, as a valid example: the fuzzed owner has no 2FA, so turning it on is refused anyway.
  'PATCH /api/account/security': { body: () => ({ require_2fa: false, grace_days: 7 }) },
  'PUT /api/account/sso': {
    body: () => ({
      protocol: 'oidc',
      oidc: { issuer: 'https://idp.example.test', client_id: 'portal', client_secret: 'fuzz' },
      default_permission: 'user',
      require_sso: false,
    }),
  },
  'POST /api/account/sso/domains': { body: () => ({ domain: 'fuzz.example' }) },
  'PUT /api/account/sso/scim-groups': {
    body: () => ({ mappings: [{ group: 'Partner Portal Admins', permission: 'admin' }] }),
  },
  'POST /api/account/sso/domains/:domain/verify': { params: () => ({ domain: 'unknown.example' }) },
  'DELETE /api/account/sso/domains/:domain': { params: () => ({ domain: 'unknown.example' }) },
  'GET /api/sso/saml/:account_id/metadata': { params: () => ({ account_id: randomUUID() }) },
  'POST /api/sso/saml/:account_id/acs': {
    params: () => ({ account_id: randomUUID() }),
    body: () => ({ SAMLResponse: Buffer.from('<samlp:Response/>').toString('base64') }),
  },
  'POST /api/auth/sso': { body: () => ({ email: uniqueEmail('fuzz'), redirect: '/dashboard' }) },
  'POST /api/auth/sso/token': { body: () => ({ token: token43() }) },
  'GET /api/sso/oidc/callback': { query: () => ({ code: 'fuzz-code', state: 'fuzz-state' }) },
  'DELETE /api/user/:id': { params: () => ({ id: randomUUID() }) },
  'POST /api/invite': {
    body: () => ({
      email: uniqueEmail('fuzz'),
      permission: 'advertiser',
      advertiser_name: 'Acme Shoes',
      enable_plus: false,
    }),
  },
  'DELETE /api/invite/:id': { params: () => ({ id: randomUUID() }) },
  'POST /api/key': {
    body: () => ({
      name: 'Fuzz key',
      scope: ['account.read', 'report.read'],
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      allowed_ips: ['203.0.113.0/24'],
    }),
  },
  'PATCH /api/key/:id': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ name: 'Renamed', scope: ['account.read'], allowed_ips: [] }),
  },
  'POST /api/key/:id/roll': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ overlap: '1h' }),
  },
  'DELETE /api/key/:id': { params: () => ({ id: randomUUID() }) },
  'POST /api/alerts': {
    body: () => ({
      name: 'Fuzz',
      metric: 'revenue',
      filters: { advertiser: 'Acme Shoes' },
      condition: { type: 'change', window: 'week', pct: -20 },
      channels: ['email'],
    }),
  },
  'PATCH /api/alerts/:id': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ name: 'Renamed', snoozed_until: null }),
  },
  'DELETE /api/alerts/:id': { params: () => ({ id: randomUUID() }) },
  'GET /api/alerts/:id/history': { params: () => ({ id: randomUUID() }) },
  'POST /api/webhooks': {
    body: () => ({ url: 'https://hooks.example.test/in', events: ['member.joined'] }),
  },
  'PATCH /api/webhooks/:id': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ description: 'Fuzz', enabled: false }),
  },
  'DELETE /api/webhooks/:id': { params: () => ({ id: randomUUID() }) },
  'POST /api/webhooks/:id/rotate-secret': { params: () => ({ id: randomUUID() }) },
  'POST /api/webhooks/:id/test': { params: () => ({ id: randomUUID() }) },
  'GET /api/webhooks/:id/deliveries': {
    params: () => ({ id: randomUUID() }),
    query: () => ({ page: '1', page_size: '20' }),
  },
  'POST /api/webhooks/:id/deliveries/:delivery_id/retry': {
    params: () => ({ id: randomUUID(), delivery_id: randomUUID() }),
  },
  'DELETE /api/account': { body: () => ({ password: WRONG_PASSWORD }) },
  'DELETE /api/user': { body: () => ({ password: WRONG_PASSWORD }) },
  'POST /api/utility/mail': { body: () => ({ template: 'help', message: 'Hello there' }) },
  'POST /api/feedback': { body: () => ({ rating: 'positive', comment: 'Nice' }) },
  // The file itself is text/csv, fuzzed in report-import.routes.test.ts; here, its name.
  'POST /api/account/data/imports': { query: () => ({ name: 'fuzz.csv' }) },
  'POST /api/account/data/imports/jobs': { body: () => ({ name: 'fuzz.csv', size: 100 }) },
  'GET /api/account/data/imports/jobs/:id': { params: () => ({ id: randomUUID() }) },
  'DELETE /api/account/data/imports/jobs/:id': { params: () => ({ id: randomUUID() }) },
  'PUT /api/account/data/imports/jobs/:id/file': { params: () => ({ id: randomUUID() }) },
  'POST /api/sigma/workbook/embed': {
    body: () => ({
      workbook_id: 'local-core-overview',
      filters: { advertiser: 'Acme Shoes', country: 'US' },
      range: range(),
    }),
  },
  'POST /api/embed/session': {
    body: () => ({ workbook_id: 'local-core-overview', token: token43() }),
  },
  'GET /api/embed/kpis': { query: () => ({ ...range(), advertiser: 'Acme Shoes' }) },
  'GET /api/embed/trend': { query: () => ({ ...range(), device: 'mobile' }) },
  'GET /api/embed/breakdown': {
    query: () => ({ ...range(), dimension: 'campaign', channel: 'search' }),
  },
  'GET /api/embed/breakdown.csv': { query: () => ({ ...range(), dimension: 'country' }) },
  'GET /api/audit': {
    query: () => ({ from: '2026-01-01', to: '2026-01-31', action: 'auth.signin', page: '1' }),
  },
  'GET /api/audit.csv': { query: () => ({ outcome: 'denied', actor: 'someone@example.test' }) },
  'GET /api/audit.json': { query: () => ({ action: 'audit.exported', from: '2026-01-01' }) },
  'GET /api/reports': {
    query: () => ({ ...range(), dimension: 'campaign', page_size: '5', country: 'US' }),
  },
  'GET /api/reports.csv': { query: () => ({ ...range(), dimension: 'country' }) },
  'POST /api/reports/import': { query: () => ({ name: 'fuzz.csv' }) },
  'POST /api/reports/import/jobs': { body: () => ({ name: 'fuzz.csv', size: 100 }) },
  'GET /api/reports/import/jobs/:id': { params: () => ({ id: randomUUID() }) },
  'DELETE /api/reports/import/jobs/:id': { params: () => ({ id: randomUUID() }) },
  'PUT /api/reports/import/jobs/:id/file': { params: () => ({ id: randomUUID() }) },
  'POST /api/account/upgrade': { body: () => ({ plan: 'free_plus', token: 'pm_local_fuzz' }) },
  'GET /api/account/billing/invoices': { query: () => ({ limit: '5' }) },
  'GET /api/account/billing/invoices/:id': { params: () => ({ id: 'in_local_fuzz' }) },
  'GET /api/account/billing/invoices/:id/pdf': { params: () => ({ id: 'in_local_fuzz' }) },
  'PUT /api/account/billing/card': { body: () => ({ token: 'pm_local_fuzz' }) },
  'POST /api/billing/local/cards': {
    body: () => ({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada' }),
  },
  'POST /api/billing/local/authenticate': {
    body: () => ({ client_secret: 'pi_local_fuzz_secret_x', outcome: 'fail' }),
  },
  // The operator console, called by a master with 2FA who has stepped up (see authHeaders).
  'POST /api/master/step-up': { body: () => ({ code: '123456' }) },
  'GET /api/master/overview': { query: () => ({ days: '30' }) },
  'GET /api/master/accounts': { query: () => ({ q: 'partner', page: '1', page_size: '10' }) },
  'GET /api/master/accounts/:id': { params: () => ({ id: randomUUID() }) },
  'POST /api/master/accounts/:id/plan': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ plan: 'free_core' }),
  },
  'POST /api/master/accounts/:id/cancel': { params: () => ({ id: randomUUID() }) },
  'POST /api/master/accounts/:id/disable': { params: () => ({ id: randomUUID() }) },
  'POST /api/master/accounts/:id/enable': { params: () => ({ id: randomUUID() }) },
  'GET /api/master/users': { query: () => ({ q: 'fuzz@example.test' }) },
  'GET /api/master/users/:id': { params: () => ({ id: randomUUID() }) },
  'DELETE /api/master/users/:id/sessions/:sessionId': {
    params: () => ({ id: randomUUID(), sessionId: randomUUID() }),
  },
  'POST /api/master/users/:id/verification': { params: () => ({ id: randomUUID() }) },
  'POST /api/master/users/:id/disable': { params: () => ({ id: randomUUID() }) },
  'POST /api/master/users/:id/enable': { params: () => ({ id: randomUUID() }) },
  'POST /api/master/users/:id/reset-2fa': { params: () => ({ id: randomUUID() }) },
  'POST /api/master/users/:id/impersonate': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ reason: 'Ticket 1: the dashboard is empty' }),
  },
  'GET /api/master/feedback': {
    query: () => ({ rating: 'negative', status: 'new', ...range(), page: '1' }),
  },
  'PATCH /api/master/feedback/:id': {
    params: () => ({ id: randomUUID() }),
    body: () => ({ status: 'done', note: 'Answered' }),
  },
  'GET /api/master/events': {
    query: () => ({ name: 'report.viewed', email: 'someone@example.test', ...range() }),
  },
};

/** Any code point, lone surrogates included. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const unstorable = fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\uDBFF');
const hostileString = fc.oneof(
  anyText,
  fc.tuple(anyText, unstorable, anyText).map((parts) => parts.join('')),
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'master',
    'owner',
    'x'.repeat(5_000),
    '0001-01-01',
    '0000-12-31',
    '9999-12-31',
    '1999-12-31',
    '2026-02-30',
    "a'b@example.test",
    'ａ＠example.test',
    '<script>alert(1)</script>',
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.jsonValue({ maxDepth: 2 }),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.uuid(),
);

/** The example with one field replaced, one string spliced with an unstorable character, or noise. */
function hostileVariant(example: Record<string, unknown>) {
  const keys = Object.keys(example);
  const stringKeys = keys.filter((key) => typeof example[key] === 'string');
  const variants = [
    fc.tuple(fc.constantFrom(...keys, '__proto__', 'extra'), hostileValue).map(([key, value]) => ({
      ...example,
      [key]: value,
    })),
    fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length }),
  ];
  if (stringKeys.length > 0) {
    variants.push(
      fc.tuple(fc.constantFrom(...stringKeys), fc.nat(), unstorable).map(([key, at, character]) => {
        const text = String(example[key]);
        const cut = at % (text.length + 1);
        return { ...example, [key]: text.slice(0, cut) + character + text.slice(cut) };
      }),
    );
  }
  return fc.oneof(...variants);
}

/**
 * Percent-encodes any string, a lone surrogate as the bytes a hostile client would send for it
 * (ED A0 80: not valid UTF-8), which encodeURIComponent refuses to produce.
 */
function percentEncode(value: string): string {
  return Array.from(value, (character) => {
    const code = character.charCodeAt(0);
    return character.length === 1 && code >= 0xd800 && code <= 0xdfff
      ? '%ED%A0%80'
      : encodeURIComponent(character);
  }).join('');
}

const routeKey = (route: RegisteredRoute) => `${route.method} ${route.url.replace(/\/$/, '')}`;

const handle = useTestApp();
const secret = createTestConfig().sessionSecret;
let owner: { userId: string; accountId: string };
let master: { userId: string; accountId: string };
let embedSession = '';

beforeAll(async () => {
  const db = handle.database.db;
  const account = await createAccount(db, { plan: 'free_plus' });
  const { user } = await createUser(db, { account, permission: 'owner', password: PASSWORD });
  owner = { userId: user.id, accountId: account.id };
  const operator = await createUser(db, { permission: 'master' });
  await enableTwoFactor(db, operator.user.id);
  master = { userId: operator.user.id, accountId: operator.account.id };
  embedSession = await openEmbedSession();
  console.info(`fast-check seed ${seed} (replay with FC_SEED=${seed}), ${RUNS} runs a route`);
});

/** A real built-in embed session of the owner, for the `embed` routes. */
async function openEmbedSession(): Promise<string> {
  const { token } = await createSessionToken(handle.database.db, secret, owner);
  const minted = await handle.app.inject({
    method: 'POST',
    url: '/api/sigma/workbook/embed',
    headers: bearer(token),
    payload: { workbook_id: 'local-core-overview' },
  });
  const url = new URL(minted.json().data.url as string);
  const opened = await handle.app.inject({
    method: 'POST',
    url: '/api/embed/session',
    headers: xsrfHeaders,
    payload: { workbook_id: 'local-core-overview', token: url.searchParams.get('token') },
  });
  return opened.json().data.session as string;
}

async function authHeaders(route: RegisteredRoute): Promise<Record<string, string>> {
  if (route.access === 'public') return xsrfHeaders;
  if (route.access === 'embed') return { ...xsrfHeaders, authorization: `Embed ${embedSession}` };
  if (typeof route.access === 'object' && route.access.permission === 'master') {
    // Past the console's own gates too (2FA on, a code typed), so the input reaches the handler.
    const { token, sessionId } = await createSessionToken(handle.database.db, secret, master);
    await handle.database.db
      .update(sessions)
      .set({ steppedUpAt: new Date() })
      .where(eq(sessions.id, sessionId));
    return bearer(token);
  }
  const { token } = await createSessionToken(handle.database.db, secret, owner);
  return bearer(token);
}

async function send(
  route: RegisteredRoute,
  input: { body?: unknown; query?: Record<string, unknown>; params?: Record<string, unknown> },
) {
  let url = route.url;
  for (const [name, value] of Object.entries(input.params ?? {})) {
    url = url.replace(
      `:${name}`,
      percentEncode(typeof value === 'string' ? value : JSON.stringify(value)),
    );
  }
  if (input.query) {
    const pairs = Object.entries(input.query).map(
      ([name, value]) =>
        `${percentEncode(name)}=${percentEncode(typeof value === 'string' ? value : JSON.stringify(value))}`,
    );
    url += `?${pairs.join('&')}`;
  }
  return handle.app.inject({
    method: route.method as 'GET',
    url,
    remoteAddress: randomIp(),
    headers: {
      ...(await authHeaders(route)),
      ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(input.body === undefined ? {} : { payload: JSON.stringify(input.body) }),
  });
}

function explainsItself(answer: { statusCode: number; body: string }): boolean {
  if (answer.statusCode >= 500) return false;
  if (answer.statusCode < 400) return true;
  const parsed = JSON.parse(answer.body) as { message?: unknown; inputError?: unknown };
  return (
    typeof parsed.message === 'string' &&
    parsed.message.length > 0 &&
    (parsed.inputError === undefined || typeof parsed.inputError === 'string')
  );
}

const routes = () => listRouteAccess(handle.app);

describe('every API route, fed hostile input', () => {
  it('has an example request for every route that takes a body, a query or path parameters', () => {
    const needing = routes()
      .filter((route) => route.schema.body || route.schema.querystring || route.schema.params)
      .map(routeKey)
      .sort();
    expect(needing).toEqual(Object.keys(EXAMPLES).sort());
  });

  it('answers each example with something other than a 5xx', async () => {
    for (const route of routes()) {
      const example = EXAMPLES[routeKey(route)];
      const answer = await send(route, {
        body: example?.body?.(),
        query: example?.query?.(),
        params: example?.params?.(),
      });
      expect(answer.statusCode, `${routeKey(route)}: ${answer.body}`).toBeLessThan(500);
    }
  });

  it('never answers a 5xx, and every refusal explains itself', async () => {
    for (const route of routes()) {
      const example = EXAMPLES[routeKey(route)] ?? {};
      const part = example.body
        ? 'body'
        : example.query
          ? 'query'
          : example.params
            ? 'params'
            : null;
      const make = part ? example[part] : undefined;
      const input = make
        ? fc.oneof(hostileVariant(make()), fc.constant(make()))
        : fc.dictionary(hostileString, hostileString, { maxKeys: 3 });
      await fc.assert(
        fc.asyncProperty(input, async (value) => {
          const answer = await send(route, part ? { [part]: value } : { query: value });
          expect(answer.statusCode, `${routeKey(route)}: ${answer.body}`).toBeLessThan(500);
          expect(explainsItself(answer), answer.body).toBe(true);
        }),
        { numRuns: RUNS, seed },
      );
    }
  }, 600_000);
});
