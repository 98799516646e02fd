import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { THEME_BOOT_SCRIPT } from '@partner-portal/shared/first-paint';
import { contentSecurityDirectives, THEME_SCRIPT_SOURCE } from './security-headers';

let database: Database;
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await buildTestApp(database, {
    register(instance) {
      instance.post('/api/test/change', { config: { access: 'public' } }, async () => ({
        data: 'changed',
      }));
      instance.post(
        '/api/test/webhook',
        { config: { access: 'public', xsrf: false } },
        async () => ({ data: 'ok' }),
      );
      instance.get('/embed/test', async (_request, reply) =>
        reply.type('text/html').send('<p>embed</p>'),
      );
    },
  });
  app = testApp.app;
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('security headers', () => {
  it('allows the dark-mode script by the hash of its exact text, and no other inline script', () => {
    const hash = createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64');
    expect(THEME_SCRIPT_SOURCE).toBe(`'sha256-${hash}'`);
    const directives = contentSecurityDirectives({
      appUrl: 'https://portal.example',
      embedUrl: 'https://portal.example',
      sigmaBaseUrl: 'https://app.sigmacomputing.com',
      stripe: null,
    });
    expect(directives.scriptSrc).toEqual(["'self'", THEME_SCRIPT_SOURCE]);
  });

  it('sends CSP, nosniff, referrer policy and no-store on API responses, without X-Powered-By', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      // Our files, and the one inline script (dark mode before the first paint) by its hash.
      `script-src 'self' ${THEME_SCRIPT_SOURCE};`,
      // The built-in workbook's own site (config.embedUrl), then Sigma's.
      "frame-src 'self' http://127.0.0.1:8080 https://app.sigmacomputing.com",
    ]) {
      expect(csp).toContain(directive);
    }
    // The built-in card processor takes the payments here: no Stripe origin is allowed.
    expect(csp).not.toContain('stripe.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    // Headers that only concern HTML documents are left off API answers (not off pages).
    for (const header of ['x-xss-protection', 'x-download-options', 'origin-agent-cluster']) {
      expect(response.headers[header]).toBeUndefined();
    }
  });

  it('lets only the app’s own pages frame the embed route, which is served on another site', async () => {
    const response = await app.inject({ method: 'GET', url: '/embed/test' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors http://localhost:8080;');
    expect(csp).not.toContain("frame-ancestors 'none'");
  });
});

describe('XSRF double-submit check', () => {
  it('hands out a readable XSRF-TOKEN cookie', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    const cookie = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('refuses unsafe methods without the header, or with a mismatching one (403)', async () => {
    const missing = await app.inject({
      method: 'POST',
      url: '/api/test/change',
      headers: { cookie: testApp.xsrf.cookie },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toMatch(/could not be verified/);
    const mismatch = await app.inject({
      method: 'POST',
      url: '/api/test/change',
      headers: { cookie: testApp.xsrf.cookie, 'x-xsrf-token': 'something-else' },
    });
    expect(mismatch.statusCode).toBe(403);
    const noCookie = await app.inject({
      method: 'POST',
      url: '/api/test/change',
      headers: { 'x-xsrf-token': testApp.xsrf['x-xsrf-token'] },
    });
    expect(noCookie.statusCode).toBe(403);
  });

  it('accepts a matching pair, and exempts routes that opt out', async () => {
    const ok = await app.inject({ method: 'POST', url: '/api/test/change', headers: testApp.xsrf });
    expect(ok.statusCode).toBe(200);
    const webhook = await app.inject({ method: 'POST', url: '/api/test/webhook' });
    expect(webhook.statusCode).toBe(200);
  });
});

describe('contentSecurityDirectives', () => {
  const base = {
    appUrl: 'https://portal.example',
    embedUrl: 'https://portal.example',
    sigmaBaseUrl: 'https://app.sigmacomputing.com',
  };

  it('names the built-in workbook’s site in frame-src only when it is not the app’s own', () => {
    expect(contentSecurityDirectives({ ...base, stripe: null }).frameSrc).toEqual([
      "'self'",
      'https://app.sigmacomputing.com',
    ]);
    const ownSite = contentSecurityDirectives({
      ...base,
      embedUrl: 'https://workbooks.portal.example',
      stripe: null,
    });
    expect(ownSite.frameSrc).toEqual([
      "'self'",
      'https://workbooks.portal.example',
      'https://app.sigmacomputing.com',
    ]);
  });

  it('lets Stripe.js load, call its API and show its frames only when Stripe takes payments', () => {
    const withStripe = contentSecurityDirectives({
      ...base,
      stripe: {
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        webhookSecret: 'whsec_x',
        prices: {},
      },
    });
    expect(withStripe.scriptSrc).toEqual(["'self'", THEME_SCRIPT_SOURCE, 'https://js.stripe.com']);
    expect(withStripe.connectSrc).toEqual(["'self'", 'https://api.stripe.com']);
    expect(withStripe.frameSrc).toEqual([
      "'self'",
      'https://app.sigmacomputing.com',
      'https://js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    const without = contentSecurityDirectives({ ...base, stripe: null });
    expect(without.scriptSrc).toEqual(["'self'", THEME_SCRIPT_SOURCE]);
    expect(without.connectSrc).toEqual(["'self'"]);
    expect(JSON.stringify(without)).not.toContain('stripe');
  });
});
