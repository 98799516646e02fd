import { X509Certificate } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { AppError } from '../../lib/app-error';
import type { MessageKey } from '../../lib/messages';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

/** What we keep of an identity provider's SAML metadata. */
export interface IdpMetadata {
  entityId: string;
  /** Where the browser is sent with our AuthnRequest (HTTP-Redirect binding, else HTTP-POST). */
  ssoUrl: string;
  /** base64 DER of each signing certificate (two during a rollover). */
  certificates: string[];
}

/** The field a refusal names: the pasted document, or the URL it was fetched from. */
type MetadataField = 'saml.metadata_xml' | 'saml.metadata_url';

/** An https URL, or http on this machine (a local IdP while developing). */
function isSignOnUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
}

function children(parent: Element, namespace: string, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(namespace, name));
}

/**
 * Reads an IdP's metadata as Okta, Entra ID, Google Workspace and OneLogin export it: the entity
 * id, the single sign-on URL and the signing certificates. Anything else in it is ignored; a
 * document without those three is refused with a message naming what is missing. No external
 * entity or DTD is fetched (xmldom never does).
 */
export function parseIdpMetadata(
  xml: string,
  field: MetadataField = 'saml.metadata_xml',
): IdpMetadata {
  // Annotated, so TypeScript narrows after each call.
  const refuse: (key: MessageKey) => never = (key) => {
    throw new AppError('bad_request', key, { inputError: field });
  };
  let failed = false;
  let root: Element | null = null;
  try {
    root = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') failed = true;
      },
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch {
    // xmldom throws its ParseError on a fatal error, after telling onError.
    failed = true;
  }
  if (failed || !root) refuse('error.saml_metadata_not_xml');
  const descriptor = [root, ...children(root, MD, 'EntityDescriptor')].find(
    (element) =>
      element.localName === 'EntityDescriptor' &&
      element.namespaceURI === MD &&
      children(element, MD, 'IDPSSODescriptor').length > 0,
  );
  if (!descriptor) refuse('error.saml_metadata_no_idp');
  const entityId = descriptor.getAttribute('entityID')?.trim();
  if (!entityId) refuse('error.saml_metadata_no_idp');
  const idp = children(descriptor, MD, 'IDPSSODescriptor')[0]!;

  const services = children(idp, MD, 'SingleSignOnService');
  const service =
    services.find((element) => element.getAttribute('Binding') === REDIRECT) ??
    services.find((element) => element.getAttribute('Binding') === POST);
  const ssoUrl = service?.getAttribute('Location')?.trim() ?? '';
  if (!isSignOnUrl(ssoUrl)) refuse('error.saml_metadata_no_sso_url');

  const certificates = children(idp, MD, 'KeyDescriptor')
    .filter((key) => (key.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((key) => children(key, DS, 'X509Certificate'))
    .map((element) => (element.textContent ?? '').replace(/\s+/g, ''))
    .filter((body, index, all) => body !== '' && all.indexOf(body) === index);
  if (certificates.length === 0) refuse('error.saml_metadata_no_certificate');
  for (const body of certificates) {
    try {
      new X509Certificate(Buffer.from(body, 'base64'));
    } catch {
      refuse('error.saml_metadata_bad_certificate');
    }
  }
  return { entityId, ssoUrl, certificates };
}

/** The SHA-256 fingerprint an IdP's screen shows (`AB:CD:…`) of a base64 DER certificate. */
export function certificateFingerprint(body: string): string {
  return new X509Certificate(Buffer.from(body, 'base64')).fingerprint256;
}
