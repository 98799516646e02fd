import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { buildTestApp } from '../../test/build-test-app';

const BIG_SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `row ${i}`))};`;

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const dist = mkdtempSync(join(tmpdir(), 'pp-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>SPA</title></head><body><div id="root"></div></body></html>',
  );
  // What apps/web/scripts/route-preloads.ts writes after a build.
  writeFileSync(
    join(dist, 'route-preloads.json'),
    JSON.stringify({
      paths: {
        '/signin': {
          scripts: ['/assets/auth-layout-a1.js', '/assets/signin-page-b2.js'],
          strings: ['core'],
        },
        '/team': { scripts: ['/assets/team-page-e5.js'], strings: ['core', 'rest'] },
      },
      strings: {
        en: { core: '/assets/locale-en-core-c3.js', rest: '/assets/locale-en-rest-c4.js' },
        es: { core: '/assets/locale-es-core-d4.js', rest: '/assets/locale-es-rest-d5.js' },
      },
    }),
  );
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
  // A built file with the copies apps/web/scripts/compress-dist.mjs writes beside it; each copy
  // ends with its own mark here, to show it was sent rather than compressed on the fly.
  writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG_SCRIPT);
  writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(`${BIG_SCRIPT}//br`));
  writeFileSync(join(dist, 'assets', 'big-def456.js.gz'), gzipSync(`${BIG_SCRIPT}//gz`));
  ({ app } = await buildTestApp(database, {
    webDistDir: dist,
    register(instance) {
      instance.get('/api/test/large', { config: { access: 'public' } }, async () => ({
        data: Array.from({ length: 200 }, (_, index) => ({ index, label: `row ${index}` })),
      }));
    },
  }));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('SPA serving', () => {
  it.each(['/', '/signin', '/dashboard/core', '/notfound', '/some/unknown/path?x=1'])(
    'answers %s with index.html (history fallback)',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it("names a listed page's chunks and its strings in the visitor's language in the HTML", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
        (match) => match[1],
      );
    const spanish = await app.inject({
      method: 'GET',
      url: '/signin/?redirect=%2Fteam',
      headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.5' },
    });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-type']).toMatch(/^text\/html/);
    expect(spanish.headers['cache-control']).toBe('no-cache');
    expect(spanish.headers.vary).toMatch(/accept-language/i);
    expect(preloads(spanish.body)).toEqual([
      '/assets/locale-es-core-d4.js',
      '/assets/auth-layout-a1.js',
      '/assets/signin-page-b2.js',
    ]);
    expect(spanish.body).toContain('<div id="root">');
    const english = await app.inject({ method: 'GET', url: '/signin' });
    expect(preloads(english.body)[0]).toBe('/assets/locale-en-core-c3.js');
    // A signed-in page draws with the rest of the strings too.
    const team = await app.inject({ method: 'GET', url: '/team' });
    expect(preloads(team.body)).toEqual([
      '/assets/locale-en-core-c3.js',
      '/assets/locale-en-rest-c4.js',
      '/assets/team-page-e5.js',
    ]);
    // A path the build did not list gets the plain index.html.
    const other = await app.inject({ method: 'GET', url: '/dashboard/core' });
    expect(preloads(other.body)).toEqual([]);
  });

  it('answers pages without preloads when the list comes from another build', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'pp-dist-'));
    writeFileSync(join(dist, 'index.html'), '<html><head></head><body>old</body></html>');
    // The shape an earlier build wrote: one list of files per path.
    writeFileSync(
      join(dist, 'route-preloads.json'),
      JSON.stringify({ paths: { '/signin': ['/assets/a.js'] }, coreStrings: { en: '/b.js' } }),
    );
    const { app: other } = await buildTestApp(database, { webDistDir: dist });
    try {
      const response = await other.inject({ method: 'GET', url: '/signin' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('old');
      expect(response.body).not.toContain('modulepreload');
    } finally {
      await other.close();
    }
  });

  it('caches hashed assets for a year, immutably', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a built file only the headers that govern a file, and no XSRF cookie', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of ['content-security-policy', 'referrer-policy', 'x-xss-protection']) {
      expect(asset.headers[documentOnly]).toBeUndefined();
    }
    expect(asset.headers['set-cookie']).toBeUndefined();
    // The page that loads it carries the policy and hands out the token.
    const page = await app.inject({ method: 'GET', url: '/signin' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.cookies.map((cookie) => cookie.name)).toContain('XSRF-TOKEN');
  });

  it('serves other files with revalidation', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keeps a missing asset and unknown API paths as real 404s', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/gone-123.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toHaveProperty('message');
  });

  it("sends the build's brotli or gzip copy of a file by what the browser accepts", async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${BIG_SCRIPT}//br`);

    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${BIG_SCRIPT}//gz`);

    const plain = await app.inject({ method: 'GET', url: '/assets/big-def456.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses a large JSON answer, and leaves a small one as it is', async () => {
    const large = await app.inject({
      method: 'GET',
      url: '/api/test/large',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(large.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(large.rawPayload).toString());
    expect(body.data).toHaveLength(200);
    expect(large.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3);

    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('prerendered public pages', () => {
  let prerenderedApp: FastifyInstance;
  const page = (name: string, locale: string) =>
    `<!doctype html><html lang="${locale}"><head><title>${name}</title></head><body><div id="root" data-prerendered-page="${name}">${name} in ${locale}</div></body></html>`;

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'pp-dist-'));
    mkdirSync(join(dist, 'prerendered'));
    writeFileSync(join(dist, 'index.html'), '<html><head></head><body>the app</body></html>');
    const pages: object[] = [
      { page: 'signin', paths: ['/signin'], drawsFrom: [] },
      { page: 'signup', paths: ['/signup'], drawsFrom: ['partner'] },
      { page: 'not-found', paths: ['/404', '/notfound'], drawsFrom: [] },
    ].map((entry) => {
      const files: Record<string, string> = {};
      for (const locale of ['en', 'es']) {
        files[locale] = `prerendered/${entry.page}.${locale}.html`;
        writeFileSync(join(dist, files[locale]), page(entry.page, locale));
      }
      return { ...entry, files };
    });
    // The reset page, also drawn for a mailed link: its token and address under stand-ins.
    const resetLink = [
      { param: 'token', standIn: 'prerender-fill-token', pattern: '^[A-Za-z0-9._~-]{1,512}$' },
      {
        param: 'email',
        standIn: 'prerender-fill@address.invalid',
        pattern: '^(?=.{3,254}$)[^\\s@]+@[^\\s@]+$',
      },
    ];
    const linkFiles: Record<string, string> = {};
    for (const locale of ['en', 'es']) {
      linkFiles[locale] = `prerendered/reset-password.token-email.${locale}.html`;
      writeFileSync(
        join(dist, linkFiles[locale]),
        page(
          'reset-password',
          `${locale}: for prerender-fill@address.invalid <input type="hidden" value="prerender-fill-token"><input type="hidden" value="prerender-fill@address.invalid">`,
        ),
      );
    }
    pages.push({
      page: 'reset-password',
      paths: ['/resetpassword'],
      drawsFrom: ['token', 'email'],
      files: { en: 'prerendered/signin.en.html', es: 'prerendered/signin.es.html' },
      variants: [{ fills: resetLink, files: linkFiles }],
    });
    // What apps/web/scripts/prerender.ts writes after a build.
    writeFileSync(
      join(dist, 'prerendered', 'pages.json'),
      JSON.stringify({
        pages,
        knownPaths: ['/', '/signin', '/signup', '/dashboard/core', '/master/users/:id'],
        notFound: 'not-found',
      }),
    );
    writeFileSync(
      join(dist, 'route-preloads.json'),
      JSON.stringify({
        paths: { '/signin': { scripts: ['/assets/signin-page-b2.js'], strings: ['core'] } },
        strings: {
          en: { core: '/assets/locale-en-core-c3.js', rest: '/assets/locale-en-rest-c4.js' },
          es: { core: '/assets/locale-es-core-d4.js', rest: '/assets/locale-es-rest-d5.js' },
        },
      }),
    );
    ({ app: prerenderedApp } = await buildTestApp(database, { webDistDir: dist }));
  });

  afterAll(async () => {
    await prerenderedApp.close();
  });

  it("answers a public page already drawn, in the browser's language, with its preloads", async () => {
    const spanish = await prerenderedApp.inject({
      method: 'GET',
      url: '/signin?redirect=%2Fteam',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('signin in es');
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('href="/assets/locale-es-core-d4.js"');
    expect(spanish.headers.vary).toMatch(/accept-language/i);
    expect(spanish.headers.vary).toMatch(/cookie/i);
    const english = await prerenderedApp.inject({ method: 'GET', url: '/signin/' });
    expect(english.body).toContain('signin in en');
    // The server's sign-in options ride in every page, drawn or not (none configured here).
    const options =
      '<script type="application/json" id="sign-in-options">{"providers":[]}</script>';
    expect(english.body).toContain(options);
    expect((await prerenderedApp.inject({ method: 'GET', url: '/dashboard/core' })).body).toContain(
      options,
    );
  });

  it('follows the language the app last showed (its cookie) over Accept-Language', async () => {
    const response = await prerenderedApp.inject({
      method: 'GET',
      url: '/signin',
      headers: { 'accept-language': 'en-US', cookie: 'locale=es' },
    });
    expect(response.body).toContain('signin in es');
    // A cookie naming no language we have is ignored.
    const unknown = await prerenderedApp.inject({
      method: 'GET',
      url: '/signin',
      headers: { 'accept-language': 'es', cookie: 'locale=fr' },
    });
    expect(unknown.body).toContain('signin in es');
  });

  it('leaves a page to the browser when the query carries what it draws from', async () => {
    const response = await prerenderedApp.inject({ method: 'GET', url: '/signup?partner=Acme' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('the app');
    expect((await prerenderedApp.inject({ method: 'GET', url: '/signup' })).body).toContain(
      'signup in en',
    );
  });

  it('fills a mailed reset link into its drawn page, escaped, and leaves any other to the browser', async () => {
    const link = await prerenderedApp.inject({
      method: 'GET',
      url: "/resetpassword?token=Ab3_-x.Y~9&email=o'neil%26co%40example.test",
      headers: { 'accept-language': 'es' },
    });
    expect(link.statusCode).toBe(200);
    expect(link.body).toContain(
      'es: for o&#39;neil&amp;co@example.test <input type="hidden" value="Ab3_-x.Y~9"><input type="hidden" value="o&#39;neil&amp;co@example.test">',
    );
    expect(link.body).not.toContain('prerender-fill');
    // What the page would draw otherwise than as it is (a token it cannot hold, an address it
    // would trim or refuse, a parameter twice, one of the two alone) is the browser's to draw.
    for (const query of [
      'token=<script>&email=a@b.test',
      'token=abc&email=%20a@b.test',
      'token=abc&email=not-an-address',
      `token=abc&email=${'a'.repeat(250)}@b.test`,
      'token=abc&token=def&email=a@b.test',
      'token=abc',
    ]) {
      const other = await prerenderedApp.inject({ method: 'GET', url: `/resetpassword?${query}` });
      expect(other.body, query).toContain('the app');
    }
  });

  it('answers an unknown path with the not-found page and a 404, and a known one with the app', async () => {
    const unknown = await prerenderedApp.inject({
      method: 'GET',
      url: '/no/such/page',
      headers: { 'accept-language': 'es' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('not-found in es');
    for (const url of ['/', '/dashboard/core', '/master/users/u_123']) {
      const known = await prerenderedApp.inject({ method: 'GET', url });
      expect(known.statusCode, url).toBe(200);
      expect(known.body, url).toContain('the app');
    }
    const notFoundPage = await prerenderedApp.inject({ method: 'GET', url: '/notfound' });
    expect(notFoundPage.statusCode).toBe(200);
    expect(notFoundPage.body).toContain('not-found in en');
  });
});
