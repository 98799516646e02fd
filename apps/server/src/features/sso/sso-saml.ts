import { and, lt } from 'drizzle-orm';
import { SAML, SamlStatusError, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import type { Db } from '../../db/client';
import { samlAssertions, type ssoConnections } from '../../db/schema/index';
import { serviceProviderKeys } from './saml-service-provider';
import { SamlRequestCache, SAML_REQUEST_TTL_MS, type SamlPendingSignIn } from './saml-requests';
import { serviceProviderOf } from './service-provider-urls';
import type { SsoIdentity } from './sso-oidc';
import { SsoSignInError } from './sso-signin.service';

type ConnectionRow = typeof ssoConnections.$inferSelect;

/** How far the IdP's clock may be from ours, either way, for NotBefore and NotOnOrAfter. */
const SAML_CLOCK_SKEW_MS = 60_000;

// The names Okta's attribute statements, Entra ID's default claims and LDAP-style IdPs use.
const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
];
const FIRST_NAME_ATTRIBUTES = [
  'firstName',
  'givenName',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  'urn:oid:2.5.4.42',
];
const LAST_NAME_ATTRIBUTES = [
  'lastName',
  'surname',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  'urn:oid:2.5.4.4',
];
/** Entra ID lists how the person signed in here; `multipleauthn` means with a second factor. */
const METHODS_ATTRIBUTES = ['http://schemas.microsoft.com/claims/authnmethodsreferences', 'amr'];
const MULTI_FACTOR_METHODS = ['http://schemas.microsoft.com/claims/multipleauthn', 'mfa'];
/** Authentication context classes that can only be met with more than one factor. */
const MULTI_FACTOR_CONTEXTS = [
  'https://refeds.org/profile/mfa',
  'http://schemas.microsoft.com/claims/multipleauthn',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorUnregistered',
  'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
];

function attribute(profile: Profile, names: string[]): string[] {
  const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
  for (const name of names) {
    const value = attributes[name];
    const values = (Array.isArray(value) ? value : [value]).filter(
      (item): item is string => typeof item === 'string' && item.trim() !== '',
    );
    if (values.length > 0) return values.map((item) => item.trim());
  }
  return [];
}

interface AssertionXmlJs {
  Assertion?: {
    $?: { ID?: string };
    Conditions?: { $?: { NotOnOrAfter?: string } }[];
    AuthnStatement?: { AuthnContext?: { AuthnContextClassRef?: (string | { _?: string })[] }[] }[];
  };
}

const assertionOf = (profile: Profile) => (profile.getAssertion?.() ?? {}) as AssertionXmlJs;

function contextClasses(profile: Profile): string[] {
  return (assertionOf(profile).Assertion?.AuthnStatement ?? []).flatMap((statement) =>
    (statement.AuthnContext ?? []).flatMap((context) =>
      (context.AuthnContextClassRef ?? []).map((ref) =>
        typeof ref === 'string' ? ref : (ref._ ?? ''),
      ),
    ),
  );
}

/** The person a checked assertion names: its e-mail from an attribute, else an e-mail NameID. */
function samlIdentity(profile: Profile): SsoIdentity {
  const nameId = profile.nameID?.trim() ?? '';
  const email = attribute(profile, EMAIL_ATTRIBUTES)[0] ?? (nameId.includes('@') ? nameId : null);
  return {
    subject: nameId,
    email: email?.includes('@') ? email.toLowerCase() : null,
    firstName: attribute(profile, FIRST_NAME_ATTRIBUTES)[0] ?? null,
    lastName: attribute(profile, LAST_NAME_ATTRIBUTES)[0] ?? null,
    multiFactor:
      attribute(profile, METHODS_ATTRIBUTES).some((method) =>
        MULTI_FACTOR_METHODS.includes(method),
      ) || contextClasses(profile).some((ref) => MULTI_FACTOR_CONTEXTS.includes(ref)),
  };
}

/**
 * Accounts' SAML identity providers (docs/security.md#saml-responses-are-signed-meant-for-us-and-used-once), by node-saml: it checks
 * the XML signature against the certificates the IdP's metadata gave (only the signed part is
 * read, which is what defeats signature wrapping), the audience, NotBefore/NotOnOrAfter with
 * SAML_CLOCK_SKEW_MS, and that the response answers a request we made and have not seen
 * answered (unless the account allows IdP-initiated sign-in). Here, on top: the issuer is the
 * IdP's entity id, and an assertion id signs in once.
 */
export class SsoSaml {
  constructor(
    private readonly db: Db,
    private readonly appUrl: string,
    private readonly encryptionKey: Buffer,
    private readonly now: () => Date,
  ) {}

  private async saml(connection: ConnectionRow, cache: SamlRequestCache): Promise<SAML> {
    const keys = await serviceProviderKeys(this.db, this.encryptionKey);
    const sp = serviceProviderOf(this.appUrl, connection.accountId);
    return new SAML({
      entryPoint: connection.samlIdpSsoUrl ?? '',
      issuer: sp.entity_id,
      audience: sp.entity_id,
      callbackUrl: sp.acs_url,
      idpCert: connection.samlIdpCertificates,
      privateKey: keys.privateKey,
      publicCert: keys.certificate,
      signatureAlgorithm: 'sha256',
      decryptionPvk: keys.privateKey,
      // No NameIDPolicy and no RequestedAuthnContext: Okta and Entra ID answer with what their
      // app is set to, and a request for something else makes them fail (Entra's AADSTS75011).
      identifierFormat: null,
      disableRequestedAuthnContext: true,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
      validateInResponseTo: connection.allowIdpInitiated
        ? ValidateInResponseTo.ifPresent
        : ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
      cacheProvider: cache,
    });
  }

  /** The IdP's sign-in URL with our AuthnRequest (HTTP-Redirect binding, signed). */
  async authorizationUrl(
    connection: ConnectionRow,
    pending: Omit<SamlPendingSignIn, 'connectionUpdatedAt'>,
  ): Promise<string> {
    const cache = new SamlRequestCache(this.db, connection.accountId, this.now, {
      ...pending,
      connectionUpdatedAt: connection.updatedAt,
    });
    return (await this.saml(connection, cache)).getAuthorizeUrlAsync('', undefined, {});
  }

  /**
   * Checks a posted `SAMLResponse`; answers who it names and the sign-in it answers (null for an
   * IdP-initiated one), or throws SsoSignInError.
   */
  async identify(
    connection: ConnectionRow,
    samlResponse: string,
  ): Promise<{ identity: SsoIdentity; pending: SamlPendingSignIn | null }> {
    const cache = new SamlRequestCache(this.db, connection.accountId, this.now);
    let profile: Profile | null;
    try {
      ({ profile } = await (
        await this.saml(connection, cache)
      ).validatePostResponseAsync({
        SAMLResponse: samlResponse,
      }));
    } catch (error) {
      if (error instanceof SamlStatusError) throw new SsoSignInError('not_allowed', error);
      throw new SsoSignInError('failed', error);
    }
    if (!profile) throw new SsoSignInError('failed', new Error('no assertion in the response'));
    if (profile.issuer !== connection.samlIdpEntityId) {
      throw new SsoSignInError('failed', new Error(`assertion issued by ${profile.issuer}`));
    }
    const pending = cache.taken;
    if (pending && pending.connectionUpdatedAt.getTime() !== connection.updatedAt.getTime()) {
      throw new SsoSignInError('failed', new Error('the connection changed since the request'));
    }
    await this.firstUse(connection.accountId, profile);
    return { identity: samlIdentity(profile), pending };
  }

  /** An assertion's id is written once; posted again (a replay) it finds its own row. */
  private async firstUse(accountId: string, profile: Profile): Promise<void> {
    const assertion = assertionOf(profile).Assertion;
    const id = assertion?.$?.ID;
    if (!id) throw new SsoSignInError('failed', new Error('assertion without an ID'));
    const now = this.now();
    const notOnOrAfter = Date.parse(assertion.Conditions?.[0]?.$?.NotOnOrAfter ?? '');
    // Kept while the assertion could still pass the time checks, and at least a request's life.
    const expiresAt = new Date(
      Math.max(notOnOrAfter || 0, now.getTime() + SAML_REQUEST_TTL_MS) + SAML_CLOCK_SKEW_MS,
    );
    await this.db.delete(samlAssertions).where(and(lt(samlAssertions.expiresAt, now)));
    const [fresh] = await this.db
      .insert(samlAssertions)
      .values({ accountId, id, expiresAt })
      .onConflictDoNothing()
      .returning({ id: samlAssertions.id });
    if (!fresh) throw new SsoSignInError('failed', new Error('assertion already used'));
  }
}
