import { serviceProviderOf } from './sso-settings.service';

const escapeXml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * Our SAML service provider's metadata for one account, what the owner gives their IdP (Okta's
 * and Entra ID's "upload metadata"): the entity id, the assertion consumer service (HTTP-POST),
 * e-mail as the NameID, and that we want assertions signed.
 */
export function serviceProviderMetadata(appUrl: string, accountId: string): string {
  const sp = serviceProviderOf(appUrl, accountId);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeXml(sp.entity_id)}">`,
    '  <md:SPSSODescriptor AuthnRequestsSigned="false" WantAssertionsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">',
    '    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>',
    `    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escapeXml(sp.acs_url)}" index="0" isDefault="true"/>`,
    '  </md:SPSSODescriptor>',
    '</md:EntityDescriptor>',
    '',
  ].join('\n');
}
