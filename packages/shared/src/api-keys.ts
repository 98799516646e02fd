import { z } from 'zod';
import {
  API_KEY_MAX_EXPIRY_DAYS,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_ROLL_OVERLAPS,
  API_KEY_SCOPES,
  isKeyExpiryInRange,
  MAX_API_KEY_IP_RANGES,
} from './api-key-rules';
import { encodeMessage } from './form-messages';
import { requiredText } from './validation';

export * from './api-key-rules';

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);

const scopeList = z
  .array(ApiKeyScopeSchema, { error: encodeMessage('global.form.field.scope') })
  .min(1, { error: encodeMessage('global.form.field.scope') })
  .max(API_KEY_SCOPES.length)
  .transform((scopes) => [...new Set(scopes)].sort());

/** An address or a range: `203.0.113.7`, `203.0.113.0/24`, `2001:db8::/32`. */
const ipRange = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: encodeMessage('global.form.apikey.error.ip_range'),
});
const ipRanges = z.array(ipRange).max(MAX_API_KEY_IP_RANGES);

/**
 * POST /api/key. `expires_at` absent: 90 days; null: never (the screen warns); a chosen one lies
 * between tomorrow and API_KEY_MAX_EXPIRY_DAYS ahead of `now`, read at each check: the server
 * passes its own clock (tests move it), the form the browser's.
 */
export function createApiKeyCreateInputSchema(now: () => number = Date.now) {
  const expiry = z.iso
    .datetime({ offset: true, error: encodeMessage('global.form.apikey.error.expiry') })
    .refine((value) => isKeyExpiryInRange(Date.parse(value), now()), {
      error: encodeMessage('global.form.apikey.error.expiry_range', {
        days: API_KEY_MAX_EXPIRY_DAYS,
      }),
    });
  return z.strictObject({
    name: requiredText({ field: 'name', max: API_KEY_NAME_MAX_LENGTH }),
    scope: scopeList,
    expires_at: expiry.nullable().optional(),
    allowed_ips: ipRanges.optional(),
  });
}
/** The create request on the browser's clock: what the web form checks before it sends. */
export const ApiKeyCreateInputSchema = createApiKeyCreateInputSchema();
export type ApiKeyCreateInput = z.infer<typeof ApiKeyCreateInputSchema>;

/** PATCH /api/key/{id}: rename, rescope, re-range; `active: false` revokes for good. */
export const ApiKeyPatchInputSchema = z
  .strictObject({
    name: requiredText({ field: 'name', max: API_KEY_NAME_MAX_LENGTH }).optional(),
    scope: scopeList.optional(),
    allowed_ips: ipRanges.optional(),
    active: z.literal(false).optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { message: 'Send at least one field.' });
export type ApiKeyPatchInput = z.infer<typeof ApiKeyPatchInputSchema>;

export const ApiKeyRollInputSchema = z.strictObject({ overlap: z.enum(API_KEY_ROLL_OVERLAPS) });

export const ApiKeyStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof ApiKeyStatusSchema>;

/** A key as the list shows it: never its secret. Dates are ISO strings. */
export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  stub: z.string(),
  scope: z.array(ApiKeyScopeSchema),
  allowed_ips: z.array(z.string()),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Until when the secret a roll replaced still works, if it does. */
  previous_valid_until: z.string().nullable(),
  status: ApiKeyStatusSchema,
  /**
   * The account requires 2FA, its deadline has passed and the key's creator has none: the key
   * answers 403 `2fa_required` until they turn it on (docs/product.md#two-factor-policy).
   */
  two_factor_required: z.boolean(),
  /** Calls per day, oldest first, the last entry today. */
  usage: z.array(z.number().int()),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListResponseSchema = z.array(ApiKeySchema);
/** The answer to a create or a roll: the only time the whole key is sent. */
export const ApiKeyRevealSchema = ApiKeySchema.extend({ key: z.string() });
export type ApiKeyReveal = z.infer<typeof ApiKeyRevealSchema>;
export const ApiKeyScopesResponseSchema = z.array(ApiKeyScopeSchema);
