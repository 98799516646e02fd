import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, globalAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { writeSelfSignedCertificate } from './self-signed-certificate';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** `https://localhost:<port>` */
  url: string;
  received: Received[];
  /** What the next requests are answered (status, delay); a queue, then `always`. */
  answer: (status: number, options?: { delayMs?: number; location?: string }) => void;
  /** The received messages whose signature verifies with `secret` (Standard Webhooks). */
  verified: (secret: string) => { type: string; data: Record<string, unknown>; id: string }[];
  close: () => Promise<void>;
}

/**
 * A partner's HTTPS endpoint on this machine, with a throwaway certificate this process is told
 * to trust (the https module's default agent, which the sender uses), that records every POST
 * and answers 204 unless told otherwise.
 */
export async function startWebhookReceiver(
  options: {
    /** The PEM files to serve with (a spawned server is told to trust them); else new ones. */
    certificate?: { certFile: string; keyFile: string };
    port?: number;
  } = {},
): Promise<WebhookReceiver> {
  const { certFile, keyFile } = options.certificate ?? (await writeSelfSignedCertificate());
  const cert = readFileSync(certFile);
  const trusted = globalAgent.options.ca;
  globalAgent.options.ca = [...(Array.isArray(trusted) ? trusted : trusted ? [trusted] : []), cert];
  const received: Received[] = [];
  let next = { status: 204, delayMs: 0, location: undefined as string | undefined };
  const server = createServer({ cert, key: readFileSync(keyFile) }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const { status, delayMs, location } = next;
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(status, location ? { location } : {});
        response.end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    received,
    answer: (status, options = {}) => {
      next = { status, delayMs: options.delayMs ?? 0, location: options.location };
    },
    verified: (secret) =>
      received.flatMap((message) => {
        try {
          const payload = new Webhook(secret).verify(message.body, {
            'webhook-id': String(message.headers['webhook-id']),
            'webhook-timestamp': String(message.headers['webhook-timestamp']),
            'webhook-signature': String(message.headers['webhook-signature']),
          }) as { type: string; data: Record<string, unknown> };
          return [{ ...payload, id: String(message.headers['webhook-id']) }];
        } catch {
          return [];
        }
      }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
