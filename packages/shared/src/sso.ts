import { z } from 'zod';
import { encodeMessage } from './form-messages';
import { emailField, requiredText, storableText, URL_PATTERN } from './validation';

/*
 * Single sign-on per account (docs/product.md#single-sign-on): the owner puts the account behind
 * their identity provider, by SAML 2.0 or OpenID Connect, for the e-mail domains the account has
 * proved it holds.
 */

/**
 * What a member made by their first SSO sign-in may get: not owner, and not advertiser (an
 * advertiser member needs an advertiser's name, which the IdP does not send).
 */
export const SSO_DEFAULT_PERMISSIONS = ['admin', 'developer', 'user'] as const;

export { SSO_PLAN } from './plan-rules';
export const SSO_PROTOCOLS = ['saml', 'oidc'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];

/** The largest IdP metadata document taken (Entra ID's, with three certificates, is ~20 KB). */
export const SAML_METADATA_MAX_BYTES = 200_000;
/** Domains one account may list, verified or not. */
export const SSO_DOMAINS_MAX = 20;
/** The DNS name under a domain whose TXT record proves it: `_partner-portal.example.com`. */
export const DOMAIN_RECORD_PREFIX = '_partner-portal';
/** The TXT record's value starts so; the rest is the domain's own token. */
export const DOMAIN_RECORD_VALUE_PREFIX = 'partner-portal-verification=';

// Letters, digits and hyphens in dotted labels, ending in a 2+ letter top-level label. No
// wildcard, no IP address, no trailing dot: the part of an e-mail address after the "@".
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** An e-mail domain, lower-cased (`Example.COM` is `example.com`). */
export function domainField() {
  return storableText(encodeMessage('global.form.input.error.required'))
    .trim()
    .toLowerCase()
    .max(253, { error: encodeMessage('global.form.input.error.max_length', { max: 253 }) })
    .regex(DOMAIN_PATTERN, { error: encodeMessage('global.form.domain.error.invalid') });
}

/** The part of an e-mail address after its last "@", lower-cased. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

const httpsUrl = () =>
  requiredText({ max: 2000 })
    .regex(URL_PATTERN, { error: encodeMessage('global.form.url.error.invalid') })
    // http only on this machine: a local identity provider while developing.
    .refine(
      (value) => /^(?:https:\/\/|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])[:/])/i.test(value),
      {
        error: encodeMessage('global.form.url.error.https'),
      },
    );

/**
 * PUT /api/account/sso's SAML part: the IdP's metadata document as the IdP exports it, or the
 * URL the IdP publishes it at (fetched when saved). Both may be left out to keep the stored one
 * (the screen does not show the document back); one is required the first time, never both.
 */
export const SamlSettingsInputSchema = z
  .strictObject({
    metadata_xml: requiredText({ max: SAML_METADATA_MAX_BYTES }).optional(),
    metadata_url: httpsUrl().optional(),
  })
  .refine((saml) => !(saml.metadata_xml && saml.metadata_url), {
    path: ['metadata_url'],
    error: encodeMessage('global.form.saml.error.xml_or_url'),
  });

/**
 * PUT /api/account/sso's OIDC part. The secret may be left out to keep the stored one (the
 * screen never shows it back); it is required the first time.
 */
export const OidcSettingsInputSchema = z.strictObject({
  issuer: httpsUrl(),
  client_id: requiredText({ max: 500 }),
  client_secret: requiredText({ max: 2000 }).optional(),
});

/** PUT /api/account/sso: the account's single sign-on, made or replaced. */
export const SsoSettingsInputSchema = z
  .strictObject({
    protocol: z.enum(SSO_PROTOCOLS),
    saml: SamlSettingsInputSchema.optional(),
    oidc: OidcSettingsInputSchema.optional(),
    default_permission: z.enum(SSO_DEFAULT_PERMISSIONS),
    require_sso: z.boolean().default(false),
    /** Take the IdP's word that it asked for a second factor, instead of asking for ours. */
    trust_idp_mfa: z.boolean().default(false),
    /** Accept a SAML response the IdP sent unasked (an IdP dashboard's tile). Off by default. */
    allow_idp_initiated: z.boolean().default(false),
  })
  .superRefine((input, context) => {
    if (!input[input.protocol]) {
      context.addIssue({
        code: 'custom',
        path: [input.protocol],
        message: encodeMessage('global.form.input.error.required'),
      });
    }
  });
export type SsoSettingsInput = z.infer<typeof SsoSettingsInputSchema>;

/** POST /api/account/sso/domains. */
export const SsoDomainInputSchema = z.strictObject({ domain: domainField() });
export type SsoDomainInput = z.infer<typeof SsoDomainInputSchema>;

/** One of the account's e-mail domains and the DNS record that proves it is theirs. */
export const SsoDomainSchema = z.object({
  domain: z.string(),
  /** When the record was last found; null until then. */
  verified_at: z.string().nullable(),
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
});
export type SsoDomain = z.infer<typeof SsoDomainSchema>;

/** What the IdP is told of us: the SAML service provider and the OIDC client's callback. */
export const ServiceProviderSchema = z.object({
  entity_id: z.string(),
  acs_url: z.string(),
  metadata_url: z.string(),
  oidc_redirect_uri: z.string(),
  /** Our SAML certificate (PEM), for IdPs that verify signed requests or encrypt assertions. */
  certificate: z.string(),
  certificate_fingerprint: z.string(),
});

/** The connection as the owner sees it: never the client secret, only that one is kept. */
export const SsoConnectionSchema = z.object({
  protocol: z.enum(SSO_PROTOCOLS),
  saml: z
    .object({
      idp_entity_id: z.string(),
      idp_sso_url: z.string(),
      /** Where the metadata was fetched from, when it was given by URL. */
      metadata_url: z.string().nullable(),
      /** SHA-256 fingerprints of the IdP's signing certificates, to compare with the IdP's screen. */
      certificate_fingerprints: z.array(z.string()),
    })
    .nullable(),
  oidc: z.object({ issuer: z.string(), client_id: z.string() }).nullable(),
  default_permission: z.enum(SSO_DEFAULT_PERMISSIONS),
  require_sso: z.boolean(),
  trust_idp_mfa: z.boolean(),
  allow_idp_initiated: z.boolean(),
  updated_at: z.string(),
});
export type SsoConnection = z.infer<typeof SsoConnectionSchema>;

/** The account's SCIM token as the owner sees it after it was made: never the token itself. */
export const ScimTokenSchema = z.object({
  /** `pp_scim_Ab12…`: enough to tell tokens apart. */
  stub: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ScimToken = z.infer<typeof ScimTokenSchema>;

/** Mapped groups an account may list. */
export const SCIM_GROUP_MAPPINGS_MAX = 50;

/**
 * Of the permissions a person's groups map to, the one they hold: the first of
 * SSO_DEFAULT_PERMISSIONS (admin, then developer, then user), or null when none is mapped.
 */
export function strongestSsoPermission(
  permissions: readonly (typeof SSO_DEFAULT_PERMISSIONS)[number][],
): (typeof SSO_DEFAULT_PERMISSIONS)[number] | null {
  return SSO_DEFAULT_PERMISSIONS.find((permission) => permissions.includes(permission)) ?? null;
}

/** A group name the IdP pushes, and the permission its members hold here. */
export const ScimGroupMappingSchema = z.strictObject({
  group: requiredText({ max: 200 }).trim(),
  permission: z.enum(SSO_DEFAULT_PERMISSIONS),
});
export type ScimGroupMapping = z.infer<typeof ScimGroupMappingSchema>;

/** PUT /api/account/sso/scim-groups: the whole mapping, replaced. Group names are unique, any case. */
export const ScimGroupMappingsInputSchema = z.strictObject({
  mappings: z
    .array(ScimGroupMappingSchema)
    .max(SCIM_GROUP_MAPPINGS_MAX, {
      error: encodeMessage('global.form.scim_group.error.too_many', {
        max: SCIM_GROUP_MAPPINGS_MAX,
      }),
    })
    .refine(
      (mappings) =>
        new Set(mappings.map((mapping) => mapping.group.toLowerCase())).size === mappings.length,
      { error: encodeMessage('global.form.scim_group.error.duplicate') },
    ),
});
export type ScimGroupMappingsInput = z.infer<typeof ScimGroupMappingsInputSchema>;

/** Where the IdP provisions people (`APP_URL/scim/v2`), with which token, and its groups' mapping. */
export const ScimSettingsSchema = z.object({
  base_url: z.string(),
  /** The token in use, described (never the token itself); null when there is none. */
  credential: ScimTokenSchema.nullable(),
  group_mappings: z.array(ScimGroupMappingSchema),
  /** The groups the IdP has pushed, with how many provisioned people are in each. */
  groups: z.array(z.object({ name: z.string(), members: z.number().int() })),
});

/** POST /api/account/sso/scim-token: the new token, shown this once. */
export const ScimTokenCreatedSchema = z.object({
  token: z.string(),
  scim: ScimSettingsSchema,
});

/** GET /api/account/sso (and the answer of each change). */
export const SsoSettingsSchema = z.object({
  connection: SsoConnectionSchema.nullable(),
  domains: z.array(SsoDomainSchema),
  service_provider: ServiceProviderSchema,
  scim: ScimSettingsSchema,
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

/** POST /api/auth/sso: where a person on a verified domain signs in. */
export const SsoStartInputSchema = z.strictObject({
  email: emailField(),
  /** The page to open after signing in (a path of this app; anything else is dropped). */
  redirect: z.string().max(2000).optional(),
});
export type SsoStartInput = z.infer<typeof SsoStartInputSchema>;

/** The identity provider's sign-in page to send the browser to. */
export const SsoStartResponseSchema = z.object({ url: z.string() });

/** POST /api/auth/sso/token: the one-time token the IdP's callback handed the browser. */
export const SsoTokenInputSchema = z.strictObject({ token: requiredText({ max: 128 }) });

/** Why a single sign-on came back without a sign-in: the landing page words each. */
export const SSO_FAILURE_REASONS = ['failed', 'cancelled', 'not_allowed', 'disabled'] as const;
export type SsoFailureReason = (typeof SSO_FAILURE_REASONS)[number];
