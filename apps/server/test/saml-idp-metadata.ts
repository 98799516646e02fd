import { generate } from 'selfsigned';

/** A signing certificate an identity provider might hold: base64 DER and its PEM key. */
export async function idpCertificate(): Promise<{ body: string; privateKey: string }> {
  const pems = await generate([{ name: 'commonName', value: 'idp.example.test' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 365 * 24 * 3600 * 1000),
  });
  return {
    body: pems.cert.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, ''),
    privateKey: pems.private,
  };
}

/** IdP metadata the way Okta exports it, for `certificates` (base64 DER bodies). */
export function idpMetadataXml(options: {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
  binding?: 'HTTP-Redirect' | 'HTTP-POST';
}): string {
  const keys = options.certificates
    .map(
      (body) => `
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
        <ds:X509Data><ds:X509Certificate>${body}</ds:X509Certificate></ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${options.entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${keys}
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:${options.binding ?? 'HTTP-Redirect'}" Location="${options.ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
}
