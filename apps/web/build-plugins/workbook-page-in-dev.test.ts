import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serveWorkbookPage } from './workbook-page-in-dev';

const embedHtml = join(dirname(fileURLToPath(import.meta.url)), '../embed.html');

/** A stand-in for Vite's server (which injects its client) and a response that records itself. */
function exchange(url: string) {
  const transformed: string[] = [];
  const server = {
    transformIndexHtml: async (at: string, html: string) => {
      transformed.push(at);
      return html.replace('<head>', '<head><!-- vite -->');
    },
  };
  const response = {
    statusCode: 0,
    headers: new Map<string, string>(),
    body: '',
    setHeader(name: string, value: string) {
      this.headers.set(name, value);
    },
    end(body: string) {
      this.body = body;
    },
  };
  return { served: serveWorkbookPage(server, embedHtml, { url }, response), response, transformed };
}

describe('workbook-page-in-dev', () => {
  it('answers a workbook address with embed.html, put through Vite like the app’s page', async () => {
    const { served, response, transformed } = exchange(
      '/embed/workbook/local-core-overview?token=abc&theme=dark&lng=es',
    );
    expect(await served).toBe(true);
    expect(response.statusCode).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<head><!-- vite -->');
    expect(response.body).toContain('src="/src/embed/embed-main.tsx"');
    expect(transformed).toEqual([
      '/embed/workbook/local-core-overview?token=abc&theme=dark&lng=es',
    ]);
  });

  it('leaves every other address to the next handler', async () => {
    for (const url of ['/embed/workbook/', '/embed/workbook/a/b', '/embed', '/api/embed', '/']) {
      const { served, response } = exchange(url);
      expect(await served, url).toBe(false);
      expect(response.statusCode).toBe(0);
    }
  });
});
