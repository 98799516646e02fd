import { describe, expect, it } from 'vitest';
import { createAccount } from './factories';
import { bearer, randomIp, signedInUser, signup } from './identity-helpers';
import { useTestApp } from './use-test-app';

/**
 * docs/security.md "Text that can be stored" and "Report dates": the requests an outside probe
 * answered with a 500 (a NUL in a text field; a report range in year 1, whose previous period
 * falls in year 0) are refused with a 400 that names the field.
 */
const env = useTestApp();

const send = (method: 'POST' | 'PATCH', url: string, token: string, payload: unknown) =>
  env.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    remoteAddress: randomIp(),
    payload: JSON.stringify(payload),
  });

describe('text holding a NUL or a lone surrogate', () => {
  it.each([
    ['first_name', { first_name: 'Ada\u0000' }],
    ['last_name', { last_name: '\u0000' }],
    ['partner_name', { partner_name: 'North\u0000wind' }],
    ['partner_name', { partner_name: 'North\uD800wind' }],
  ])('is refused at sign-up on %s', async (field, fields) => {
    const answer = await signup(env.app, fields);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().inputError).toBe(field);
    expect(answer.json().message).toMatch(/cannot be saved/);
  });

  it('is refused on every other route the probe found', async () => {
    const account = await createAccount(env.database.db, { plan: 'free_plus' });
    const { token } = await signedInUser(env.app, env.database.db, {
      account,
      permission: 'owner',
    });
    const cases: [string, 'POST' | 'PATCH', string, unknown][] = [
      ['first_name', 'PATCH', '/api/user', { first_name: 'A\u0000' }],
      ['last_name', 'PATCH', '/api/user', { last_name: '\uDC00' }],
      [
        'advertiser_name',
        'POST',
        '/api/invite',
        { email: 'ad@example.test', permission: 'advertiser', advertiser_name: 'Ac\u0000me' },
      ],
      ['metadata.where', 'POST', '/api/event', { name: 'opened', metadata: { where: '\u0000' } }],
      ['comment', 'POST', '/api/feedback', { rating: 'neutral', comment: 'ok\u0000' }],
      ['message', 'POST', '/api/utility/mail', { template: 'help', message: 'Help\u0000' }],
    ];
    for (const [field, method, url, payload] of cases) {
      const answer = await send(method, url, token, payload);
      expect(answer.statusCode, `${url} ${answer.body}`).toBe(400);
      expect(answer.json().inputError, url).toBe(field);
    }
  });

  it('keeps text with emoji and other characters outside the basic plane', async () => {
    const { token } = await signedInUser(env.app, env.database.db);
    const answer = await send('PATCH', '/api/user', token, { first_name: 'Zoë 🚀 𝄞' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.first_name).toBe('Zoë 🚀 𝄞');
  });
});

describe('report dates', () => {
  it('refuses a range outside 2000–2099 with a 400 naming the field', async () => {
    const account = await createAccount(env.database.db);
    const { token } = await signedInUser(env.app, env.database.db, {
      account,
      permission: 'owner',
    });
    const minted = await send('POST', '/api/sigma/workbook/embed', token, {
      workbook_id: 'local-core-overview',
    });
    const urlToken = new URL(minted.json().data.url).searchParams.get('token');
    const opened = await env.app.inject({
      method: 'POST',
      url: '/api/embed/session',
      headers: bearer('x'),
      payload: { workbook_id: 'local-core-overview', token: urlToken },
    });
    const session = opened.json().data.session as string;
    for (const [query, field] of [
      ['from=0001-01-01&to=0001-01-07', 'from'],
      ['from=2026-01-01&to=10000-01-01', 'to'],
      ['from=1999-12-31&to=2000-01-02', 'from'],
    ]) {
      const answer = await env.app.inject({
        method: 'GET',
        url: `/api/embed/kpis?${query}`,
        headers: { authorization: `Embed ${session}` },
      });
      expect(answer.statusCode, `${query}: ${answer.body}`).toBe(400);
      expect(answer.json().inputError).toBe(field);
    }
    const inRange = await env.app.inject({
      method: 'GET',
      url: '/api/embed/kpis?from=2000-01-01&to=2000-01-31',
      headers: { authorization: `Embed ${session}` },
    });
    expect(inRange.statusCode, inRange.body).toBe(200);
  });
});
