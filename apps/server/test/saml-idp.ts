import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';
import { idpCertificate } from './saml-idp-metadata';

/*
 * A SAML identity provider's side of the exchange, for tests: it reads our AuthnRequest off the
 * redirect URL and answers with a Response whose assertion it signs with its own key (xml-crypto,
 * the library IdPs built on Node sign with), or tampers with on purpose.
 */

const XMLDSIG_RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';

export type SamlIdpKey = Awaited<ReturnType<typeof idpCertificate>>;
export { idpCertificate as samlIdpKey };

/** What our AuthnRequest asked, read from the URL the portal sent the browser to. */
export function readAuthnRequest(url: string): { id: string; acsUrl: string; issuer: string } {
  const encoded = new URL(url).searchParams.get('SAMLRequest');
  if (!encoded) throw new Error(`no SAMLRequest in ${url}`);
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const id = /\sID="([^"]+)"/.exec(xml)?.[1];
  const acsUrl = /AssertionConsumerServiceURL="([^"]+)"/.exec(xml)?.[1];
  const issuer = /<saml:Issuer[^>]*>([^<]+)<\/saml:Issuer>/.exec(xml)?.[1];
  if (!id || !acsUrl || !issuer) throw new Error(`not an AuthnRequest: ${xml}`);
  return { id, acsUrl, issuer };
}

export interface AssertionOptions {
  idpEntityId: string;
  /** Our entity id: the audience. */
  audience: string;
  acsUrl: string;
  /** The request answered; null for an IdP-initiated response. */
  inResponseTo: string | null;
  nameId: string;
  attributes?: Record<string, string | string[]>;
  /** When it was issued (default now); NotOnOrAfter is five minutes on. */
  issuedAt?: Date;
  assertionId?: string;
  authnContextClassRef?: string;
}

const escape = (value: string) =>
  value.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

export const newSamlId = () => `_${randomBytes(16).toString('hex')}`;

/** An unsigned Response with one Assertion, laid out the way Okta sends it. */
export function responseXml(options: AssertionOptions): string {
  const issued = options.issuedAt ?? new Date();
  const instant = issued.toISOString();
  const notBefore = new Date(issued.getTime() - 60_000).toISOString();
  const notOnOrAfter = new Date(issued.getTime() + 5 * 60_000).toISOString();
  const inResponseTo = options.inResponseTo ? ` InResponseTo="${options.inResponseTo}"` : '';
  const attributes = Object.entries(options.attributes ?? {})
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${escape(name)}">${(Array.isArray(value) ? value : [value])
          .map((item) => `<saml:AttributeValue>${escape(item)}</saml:AttributeValue>`)
          .join('')}</saml:Attribute>`,
    )
    .join('');
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${newSamlId()}" Version="2.0" IssueInstant="${instant}" Destination="${escape(options.acsUrl)}"${inResponseTo}>` +
    `<saml:Issuer>${escape(options.idpEntityId)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion ID="${options.assertionId ?? newSamlId()}" Version="2.0" IssueInstant="${instant}">` +
    `<saml:Issuer>${escape(options.idpEntityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(options.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${notOnOrAfter}" Recipient="${escape(options.acsUrl)}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}" NotOnOrAfter="${notOnOrAfter}"><saml:AudienceRestriction><saml:Audience>${escape(options.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="${newSamlId()}"><saml:AuthnContext><saml:AuthnContextClassRef>${options.authnContextClassRef ?? 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport'}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion></samlp:Response>`
  );
}

/** Signs the Response's Assertion (enveloped, after its Issuer), as Okta and Entra ID do. */
export function signAssertion(xml: string, key: SamlIdpKey): string {
  const signer = new SignedXml({
    privateKey: key.privateKey,
    signatureAlgorithm: XMLDSIG_RSA_SHA256,
    canonicalizationAlgorithm: EXC_C14N,
  });
  signer.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: [ENVELOPED, EXC_C14N],
    digestAlgorithm: SHA256,
  });
  signer.computeSignature(xml, {
    location: {
      reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']",
      action: 'after',
    },
  });
  return signer.getSignedXml();
}

/** What the IdP's page posts as `SAMLResponse`. */
export const postable = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

/** A signed Response to `options`, ready to post. */
export function signedResponse(options: AssertionOptions, key: SamlIdpKey): string {
  return postable(signAssertion(responseXml(options), key));
}
