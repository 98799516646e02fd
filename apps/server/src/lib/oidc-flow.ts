import * as oidc from 'openid-client';

/** How long any one call to a provider (discovery, JWKS, token endpoint) may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * An OpenID Connect provider's configuration from its discovery document, for a client that
 * authenticates with its secret in the token request. Plain http only for an issuer the caller
 * allowed it for (a provider on this machine while developing or testing). `fetch`, when given,
 * makes every call to the provider (discovery, keys, tokens): an issuer someone typed goes
 * through lib/public-fetch.ts.
 */
export function discover(
  issuer: URL,
  clientId: string,
  clientSecret: string,
  fetch?: oidc.CustomFetch,
) {
  return oidc.discovery(
    issuer,
    clientId,
    { client_secret: clientSecret },
    oidc.ClientSecretPost(clientSecret),
    {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      ...(issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
      ...(fetch ? { [oidc.customFetch]: fetch } : {}),
    },
  );
}

/** The authorization code flow's first leg: PKCE S256, `state` and `nonce`, fresh each time. */
export async function authorizationRequest(
  config: oidc.Configuration,
  params: { redirect_uri: string } & Record<string, string>,
): Promise<AuthorizationRequest> {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    scope: SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...params,
  });
  return { url, state, nonce, codeVerifier };
}

/**
 * The second leg: exchanges the callback's code and answers the ID token's claims. openid-client
 * checks issuer, audience, expiry and signature of the ID token, `state`, PKCE and `nonce`, and
 * throws on any failure.
 */
export async function idTokenClaims(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<oidc.IDToken> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('the provider sent no ID token');
  return claims;
}

/** A claim's text, trimmed; null when absent, empty or not text. */
export function claimText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}
