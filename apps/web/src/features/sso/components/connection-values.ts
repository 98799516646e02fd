import { z } from 'zod';
import { SsoSettingsInputSchema, type SsoSettingsInput } from '@partner-portal/shared/sso';
import { ApiError, type RequestBody } from '@/lib/api-client';

/** The form's flat fields, as the API nests them (`saml.metadata_xml` is `metadata_xml` here). */
export function toSsoInput(body: RequestBody): SsoSettingsInput {
  const values: Record<string, unknown> =
    body instanceof FormData ? Object.fromEntries(body) : body;
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  const protocol = values.protocol === 'saml' ? 'saml' : 'oidc';
  const secret = text('client_secret');
  return {
    protocol,
    ...(protocol === 'saml'
      ? {
          saml: {
            ...(text('metadata_xml') ? { metadata_xml: text('metadata_xml') } : {}),
            ...(text('metadata_url') ? { metadata_url: text('metadata_url') } : {}),
          },
        }
      : {
          oidc: {
            issuer: text('issuer'),
            client_id: text('client_id'),
            // Left empty, the stored secret stays (the screen never shows it).
            ...(secret ? { client_secret: secret } : {}),
          },
        }),
    default_permission: values.default_permission as SsoSettingsInput['default_permission'],
    require_sso: values.require_sso === true,
    trust_idp_mfa: values.trust_idp_mfa === true,
    // Only SAML has IdP-initiated sign-in; an OpenID Connect connection never keeps it on.
    allow_idp_initiated: protocol === 'saml' && values.allow_idp_initiated === true,
  };
}

/** The shared request schema, run on the body the form would send (the server's own check). */
export const ssoRequestSchema = z.preprocess(
  (values) => toSsoInput((values ?? {}) as Record<string, unknown>),
  SsoSettingsInputSchema,
);

/** A refusal naming `saml.metadata_xml` shows under this form's `metadata_xml` field. */
export function underFlatField(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.inputError?.includes('.')) return error;
  return new ApiError(error.status, error.message, {
    ...(error.code ? { code: error.code } : {}),
    ...(error.requestId ? { requestId: error.requestId } : {}),
    inputError: error.inputError.split('.').pop()!,
  });
}
