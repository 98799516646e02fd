import { connect, type ClientHttp2Session } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeSelfSignedCertificate } from '../test/self-signed-certificate';
import { runDockerHealthcheck } from '../test/docker-healthcheck';
import { exitOf, freePort, killSpawnedServers, startServer } from '../test/spawned-server';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on an HTTP/2 session (the certificate is our own, so it is not checked). */
function h2Get(session: ClientHttp2Session, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const stream = session.request({ ':path': path, ...headers });
    let status = 0;
    let responseHeaders: Answer['headers'] = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => {
      status = Number(received[':status']);
      responseHeaders = received;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks).toString() }),
    );
    stream.on('error', reject);
    stream.end();
  });
}

/** The same over HTTPS without ALPN's h2, as an HTTP/1.1-only client asks. */
function http1Get(port: number, path: string) {
  return new Promise<Answer & { version: string }>((resolve, reject) => {
    const request = httpsRequest(
      { host: '127.0.0.1', port, path, rejectUnauthorized: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString(),
            version: response.httpVersion,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

async function openSession(port: number, output: () => string): Promise<ClientHttp2Session> {
  for (let attempt = 0; attempt < 240; attempt++) {
    const session = connect(`https://127.0.0.1:${port}`, { rejectUnauthorized: false });
    const ready = await new Promise<boolean>((resolve) => {
      session.once('connect', () => resolve(true));
      session.once('error', () => resolve(false));
    });
    if (ready && (await h2Get(session, '/api/ready')).status === 200) return session;
    session.destroy();
    if (/Failed to start/.test(output())) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not get ready over HTTPS:\n${output()}`);
}

afterEach(killSpawnedServers);

describe('server.ts with TLS_CERT_FILE and TLS_KEY_FILE', () => {
  it('speaks HTTP/2 to browsers and HTTP/1.1 to the rest, then shuts down cleanly', async () => {
    const { certFile, keyFile } = await writeSelfSignedCertificate();
    const port = await freePort();
    const { child, output } = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pp-server-')),
      // Nothing here reads the demo data: a fresh database without it is ready sooner.
      DEMO_SEED: 'false',
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
    });
    const session = await openSession(port, output);
    expect(session.alpnProtocol).toBe('h2');
    expect(output()).toContain(`ready on https://localhost:${port}`);

    const page = await h2Get(session, '/signin');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    // Cookies set over HTTPS are Secure.
    expect(String(page.headers['set-cookie'])).toMatch(/XSRF-TOKEN=[^;]+;.*Secure/i);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script, 'the page names its script').toBeDefined();
    const asset = await h2Get(session, script!, { 'accept-encoding': 'br, gzip' });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');

    // The container's health check finds the server over HTTPS as well.
    expect(await runDockerHealthcheck({ PORT: String(port), TLS_CERT_FILE: certFile })).toBe(0);

    const old = await http1Get(port, '/api/health');
    expect(old.version).toBe('1.1');
    expect(old.status).toBe(200);

    // SIGTERM with a session still open: the server closes it and exits 0.
    process.kill(child.pid as number, 'SIGTERM');
    expect(await exitOf(child), output()).toBe(0);
    session.destroy();
  }, 90_000);

  it('refuses to boot when a file is missing or not PEM, naming the variable', async () => {
    const { certFile } = await writeSelfSignedCertificate();
    const { child, output } = startServer({
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pp-server-')),
      TLS_CERT_FILE: '/nowhere/cert.pem',
      TLS_KEY_FILE: certFile,
    });
    expect(await exitOf(child)).toBe(1);
    expect(output()).toMatch(/TLS_CERT_FILE: cannot read \/nowhere\/cert\.pem \(ENOENT\)/);
    expect(output()).toMatch(/TLS_KEY_FILE: .* is not a PEM file/);
  }, 30_000);
});
