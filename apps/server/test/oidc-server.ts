import { OAuth2Server } from 'oauth2-mock-server';

export interface OidcTestServer {
  issuer: string;
  /** Claims the next ID tokens carry (on top of the server's own), until changed again. */
  setClaims(claims: Record<string, unknown>): void;
  server: OAuth2Server;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider on a free local port (discovery, JWKS, authorize with PKCE and
 * nonce, token endpoint), the network edge social sign-in talks to.
 */
export async function startOidcServer(): Promise<OidcTestServer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // Named by address, not "localhost", so nothing tries ::1 where nobody listens.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  let claims: Record<string, unknown> = {};
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('OIDC test server has no issuer URL');
  return {
    issuer,
    server,
    setClaims(next) {
      claims = next;
    },
    stop: () => server.stop(),
  };
}
