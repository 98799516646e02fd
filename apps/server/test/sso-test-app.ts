import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { bearer, randomIp, xsrfHeaders } from './identity-helpers';
import { startLocalDns, type LocalDnsServer } from './local-dns-server';
import { createTestConfig } from './test-config';
import { useTestApp, type TestAppHandle } from './use-test-app';

let counter = 0;

/** A domain nobody has claimed yet, for one test: `<prefix>-<time>-<n>.example`. */
export const freshDomain = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${counter++}.example`;

/**
 * The single sign-on tests' app: a local DNS server for the file's life (where a test publishes
 * a domain's TXT record), and a test app that asks it (DNS_SERVERS), with `env` on top.
 */
export function useSsoTestApp(env: Record<string, string> = {}): {
  env: TestAppHandle;
  dns: () => LocalDnsServer;
  /** A JSON call from a browser (XSRF pair, its own address), signed in with `token` if given. */
  api: (
    method: 'POST' | 'PUT',
    url: string,
    payload: object,
    token?: string,
  ) => Promise<LightMyRequestResponse>;
} {
  let dns: LocalDnsServer;
  beforeAll(async () => {
    dns = await startLocalDns();
  });
  afterAll(async () => {
    await dns?.close();
  });
  const app = useTestApp(() => ({
    config: createTestConfig({ DNS_SERVERS: dns.address, ...env }),
  }));
  const api = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) =>
    app.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...xsrfHeaders },
      remoteAddress: randomIp(),
      payload,
    });
  return { env: app, dns: () => dns, api };
}
