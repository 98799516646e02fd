import type * as oidc from 'openid-client';
import type { ssoConnections } from '../../db/schema/index';
import {
  authorizationRequest,
  claimText,
  discover,
  idTokenClaims,
  type AuthorizationRequest,
} from '../../lib/oidc-flow';
import { publicFetch } from '../../lib/public-fetch';
import { decryptSecret } from '../../lib/secret-box';

/** An IdP's discovery document, keys or token answer is a few KB; this is ample. */
const PROVIDER_ANSWER_MAX_BYTES = 1024 * 1024;
const PROVIDER_TIMEOUT_MS = 10_000;

/** Discoveries kept at once: one per connection in use, refreshed when the connection changes. */
const CACHED_DISCOVERIES = 500;

type ConnectionRow = typeof ssoConnections.$inferSelect;

/** The identity an account's IdP vouches for, read from its verified ID token. */
export interface SsoIdentity {
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The IdP says it asked for more than one factor (`amr` holds `mfa`, RFC 8176). */
  multiFactor: boolean;
}

/**
 * Accounts' OpenID Connect identity providers, each discovered on first use and kept until its
 * connection changes (`updatedAt` is in the key); openid-client does the protocol's checks
 * (lib/oidc-flow.ts). The settings let plain http through only for an issuer on this machine.
 */
export class SsoOidcClients {
  private readonly configs = new Map<string, Promise<oidc.Configuration>>();
  /** An account's issuer is typed by its owner: it is reached as any URL typed by someone. */
  private readonly fetch: oidc.CustomFetch;

  constructor(
    private readonly encryptionKey: Buffer,
    readonly redirectUri: string,
    allowPrivate: boolean,
  ) {
    this.fetch = publicFetch({
      allowPrivate,
      timeoutMs: PROVIDER_TIMEOUT_MS,
      maxBytes: PROVIDER_ANSWER_MAX_BYTES,
    }) as oidc.CustomFetch;
  }

  async authorizationRequest(
    connection: ConnectionRow,
    loginHint: string,
  ): Promise<AuthorizationRequest> {
    return authorizationRequest(await this.configuration(connection), {
      redirect_uri: this.redirectUri,
      login_hint: loginHint,
    });
  }

  /** Exchanges the callback's code; throws on any protocol or signature failure. */
  async identify(
    connection: ConnectionRow,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<SsoIdentity> {
    const claims = await idTokenClaims(await this.configuration(connection), callbackUrl, checks);
    // Entra ID names the address `email` only when the user has a mailbox; `upn` otherwise.
    const email =
      claimText(claims.email) ?? claimText(claims.upn) ?? claimText(claims.preferred_username);
    return {
      subject: claims.sub,
      email: email?.includes('@') ? email.toLowerCase() : null,
      firstName: claimText(claims.given_name),
      lastName: claimText(claims.family_name),
      multiFactor: Array.isArray(claims.amr) && claims.amr.includes('mfa'),
    };
  }

  private configuration(connection: ConnectionRow): Promise<oidc.Configuration> {
    const key = `${connection.accountId}:${connection.updatedAt.getTime()}`;
    let config = this.configs.get(key);
    if (!config) {
      const secret = decryptSecret(this.encryptionKey, connection.oidcClientSecretSealed ?? '');
      config = discover(
        new URL(connection.oidcIssuer ?? ''),
        connection.oidcClientId ?? '',
        secret,
        this.fetch,
      );
      config.catch(() => this.configs.delete(key));
      if (this.configs.size >= CACHED_DISCOVERIES) {
        this.configs.delete(this.configs.keys().next().value!);
      }
      this.configs.set(key, config);
    }
    return config;
  }
}
