/* Social sign-in providers (OAUTH_<NAME>_*): which are on, and with which issuer and label. */
const OAUTH_PROVIDER_NAMES = ['google', 'microsoft', 'oidc'] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDER_NAMES)[number];
export interface OAuthProviderConfig {
  name: OAuthProviderName;
  /** The label on the sign-in button ("Google", "Microsoft", or OAUTH_OIDC_NAME). */
  label: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
}

/** Google and Microsoft have one well-known issuer; a generic OIDC provider must name its own. */
const DEFAULT_ISSUERS: Partial<Record<OAuthProviderName, string>> = {
  google: 'https://accounts.google.com',
  microsoft: 'https://login.microsoftonline.com/common/v2.0',
};
const DEFAULT_LABELS: Record<OAuthProviderName, string> = {
  google: 'Google',
  microsoft: 'Microsoft',
  oidc: 'Single sign-on',
};

const oauthPrefix = (name: OAuthProviderName) => `OAUTH_${name.toUpperCase()}_`;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Issuers must be https; plain http is tolerated only on this machine (a local test server). */
function isAllowedIssuer(issuer: string): boolean {
  if (!URL.canParse(issuer)) return false;
  const url = new URL(issuer);
  return (
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  );
}

/** The providers whose variables are complete; a bad issuer is a problem, not a missing button. */
export function parseOAuthProviders(
  read: (name: string) => string | undefined,
  problems: string[],
): OAuthProviderConfig[] {
  const providers: OAuthProviderConfig[] = [];
  for (const name of OAUTH_PROVIDER_NAMES) {
    const clientId = read(`${oauthPrefix(name)}CLIENT_ID`);
    const clientSecret = read(`${oauthPrefix(name)}CLIENT_SECRET`);
    const issuer = read(`${oauthPrefix(name)}ISSUER`) ?? DEFAULT_ISSUERS[name];
    const label = read(`${oauthPrefix(name)}NAME`) ?? DEFAULT_LABELS[name];
    if (issuer !== undefined && !isAllowedIssuer(issuer)) {
      problems.push(
        `${oauthPrefix(name)}ISSUER: must be an https URL (http only for localhost), got ${issuer}`,
      );
    } else if (clientId && clientSecret && issuer) {
      providers.push({ name, label, clientId, clientSecret, issuer: issuer.replace(/\/$/, '') });
    }
  }
  return providers;
}

/** Every variable the providers are read from (each provider's four). */
export const OAUTH_VARIABLES: string[] = OAUTH_PROVIDER_NAMES.flatMap((name) =>
  ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER', 'NAME'].map((part) => `${oauthPrefix(name)}${part}`),
);

/** Each provider's variables that only make sense together. */
export const OAUTH_VARIABLE_GROUPS: string[][] = OAUTH_PROVIDER_NAMES.map((name) =>
  ['CLIENT_ID', 'CLIENT_SECRET', ...(DEFAULT_ISSUERS[name] ? [] : ['ISSUER'])].map(
    (part) => `${oauthPrefix(name)}${part}`,
  ),
);
