import type * as oidc from 'openid-client';
import type { OAuthProviderConfig, OAuthProviderName } from '../../config/oauth';
import {
  authorizationRequest,
  claimText,
  discover,
  idTokenClaims,
  type AuthorizationRequest,
} from '../../lib/oidc-flow';

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
 * restart. openid-client does the protocol checks (lib/oidc-flow.ts); Microsoft's multi-tenant
 * `{tenantid}` issuer is resolved from the token's `tid`. Config only lets plain http through
 * for a loopback issuer (a local test server).
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
    return authorizationRequest(await this.configuration(provider), {
      redirect_uri: this.callbackUrl(provider.name),
      prompt: 'select_account',
    });
  }

  /** Exchanges the callback's code; throws on any protocol or signature failure. */
  async identify(
    provider: OAuthProviderConfig,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<ProviderIdentity> {
    const claims = await idTokenClaims(await this.configuration(provider), callbackUrl, checks);
    return {
      subject: claims.sub,
      email: claimText(claims.email)?.toLowerCase() ?? null,
      // Only an explicit `true` counts: absent or "true"-as-text is not a verified e-mail.
      emailVerified: claims.email_verified === true,
      firstName: claimText(claims.given_name),
      lastName: claimText(claims.family_name),
    };
  }

  private configuration(provider: OAuthProviderConfig): Promise<oidc.Configuration> {
    let config = this.configs.get(provider.name);
    if (!config) {
      config = discover(new URL(provider.issuer), provider.clientId, provider.clientSecret);
      config.catch(() => this.configs.delete(provider.name));
      this.configs.set(provider.name, config);
    }
    return config;
  }
}
