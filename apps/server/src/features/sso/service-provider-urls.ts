/** Where every account's OpenID Connect IdP sends the browser back (the flow's cookie names the account). */
export function oidcRedirectUri(appUrl: string): string {
  return `${appUrl}/api/sso/oidc/callback`;
}

/** Where the IdP reaches us for `accountId`: the SAML service provider and the OIDC callback. */
export function serviceProviderOf(appUrl: string, accountId: string) {
  const saml = `${appUrl}/api/sso/saml/${accountId}`;
  return {
    entity_id: `${saml}/metadata`,
    acs_url: `${saml}/acs`,
    metadata_url: `${saml}/metadata`,
    oidc_redirect_uri: oidcRedirectUri(appUrl),
  };
}
