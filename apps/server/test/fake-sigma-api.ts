import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSigmaApi {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/**
 * A local stand-in for the two Sigma REST endpoints the catalogue sync calls: client-credentials
 * token, and workbooks in pages of `pageSize` with `nextPage`.
 */
export async function startFakeSigmaApi(input: {
  clientId: string;
  secret: string;
  workbooks: { workbookId: string; workbookUrlId: string; name: string }[];
  pageSize?: number;
}): Promise<FakeSigmaApi> {
  const requests: string[] = [];
  const token = 'fake-sigma-access-token';
  const pageSize = input.pageSize ?? 2;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'POST' && url.pathname === '/v2/auth/token') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const good =
          form.get('grant_type') === 'client_credentials' &&
          form.get('client_id') === input.clientId &&
          form.get('client_secret') === input.secret;
        if (good) send(200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
        else send(401, { message: 'invalid client' });
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/v2/workbooks') {
      if (request.headers.authorization !== `Bearer ${token}`) return send(401, {});
      const page = Number(url.searchParams.get('page') ?? '0');
      const entries = input.workbooks.slice(page * pageSize, (page + 1) * pageSize);
      const more = (page + 1) * pageSize < input.workbooks.length;
      return send(200, {
        entries: entries.map((workbook) => ({ ...workbook, url: 'https://x', path: 'Embeds' })),
        nextPage: more ? String(page + 1) : null,
      });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
