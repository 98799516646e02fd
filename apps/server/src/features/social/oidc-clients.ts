import * as oidc from 'openid-client';
import type { OAuthProviderConfig, OAuthProviderName } from '../../config/oauth';

/** How long any one call to a provider (discovery, JWKS, token endpoint) may take. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The identity a provider vouches for, read from its verified ID token. */
export interface ProviderIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The configured OpenID Connect providers (Google, Microsoft, a generic one), discovered lazily
 * on first use. A failed discovery is not cached, so a provider that was down recovers without a
 * restart. openid-client does the protocol checks: issuer, audience, expiry and signature of the
 * ID token, `state`, PKCE S256 and `nonce`; Microsoft's multi-tenant `{tenantid}` issuer is
 * resolved from the token's `tid`.
 */
export class OidcClients {
  private readonly configs = new Map<OAuthProviderName, Promise<oidc.Configuration>>();

  constructor(
    private readonly providers: readonly OAuthProviderConfig[],
    private readonly callbackUrl: (provider: OAuthProviderName) => string,
  ) {}

  list(): readonly OAuthProviderConfig[] {
    return this.providers;
  }

  find(name: string): OAuthProviderConfig | undefined {
    return this.providers.find((provider) => provider.name === name);
  }

  async authorizationRequest(provider: OAuthProviderConfig): Promise<AuthorizationRequest> {
    const config = await this.configuration(provider);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackUrl(provider.name),
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    return { url, state, nonce, codeVerifier };
  }

  /** Exchanges the callback's code; throws on any protocol or signature failure. */
  async identify(
    provider: OAuthProviderConfig,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ProviderIdentity> {
    const config = await this.configuration(provider);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider sent no ID token');
    const text = (value: unknown) =>
      typeof value === 'string' && value.trim() ? value.trim() : null;
    return {
      subject: claims.sub,
      email: text(claims.email)?.toLowerCase() ?? null,
      // Only an explicit `true` counts: absent or "true"-as-text is not a verified e-mail.
      emailVerified: claims.email_verified === true,
      firstName: text(claims.given_name),
      lastName: text(claims.family_name),
    };
  }

  private configuration(provider: OAuthProviderConfig): Promise<oidc.Configuration> {
    let config = this.configs.get(provider.name);
    if (!config) {
      const insecure = new URL(provider.issuer).protocol === 'http:';
      config = oidc.discovery(
        new URL(provider.issuer),
        provider.clientId,
        { client_secret: provider.clientSecret },
        oidc.ClientSecretPost(provider.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // Config only lets plain http through for a loopback issuer (a local test server).
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
      config.catch(() => this.configs.delete(provider.name));
      this.configs.set(provider.name, config);
    }
    return config;
  }
}
