import { derivedKey } from '../../lib/derived-key';
import { signJwt, verifyJwt } from '../../lib/hs256-jwt';
import { z } from 'zod';
import type { EmbedClaims } from './embed-claims';

const ISSUER = 'partner-portal';
const URL_AUDIENCE = 'partner-portal-embed';
const SESSION_AUDIENCE = 'partner-portal-embed-session';
/** The embed page's data session: at most this long, and never past the URL token's expiry. */
const SESSION_SECONDS = 60 * 60;

function embedKey(sessionSecret: string): Uint8Array {
  return derivedKey(sessionSecret, 'embed-tokens');
}

/** The user session an embed token was minted in: the token lives only as long as it does. */
const MintedInSchema = z.object({
  sid: z.string().uuid(),
  uid: z.string().uuid(),
  acc: z.string().uuid(),
});
export type MintedIn = z.infer<typeof MintedInSchema>;

const UrlTokenSchema = MintedInSchema.extend({
  sub: z.string(),
  jti: z.string().min(1),
  exp: z.number(),
  workbook_id: z.string(),
  user_attributes: z.object({
    partner_id: z.string().uuid(),
    partner_name: z.string(),
    advertiser_name: z.string().optional(),
  }),
});
export type LocalUrlToken = z.infer<typeof UrlTokenSchema>;

/** The built-in provider's URL token: Sigma's claim shape, plus the workbook it opens. */
export function signLocalUrlToken(
  sessionSecret: string,
  claims: EmbedClaims,
  workbookId: string,
  mintedIn: MintedIn,
): string {
  const { iat, exp, jti, sub, ...rest } = claims;
  return signJwt(
    {
      ...rest,
      ...mintedIn,
      workbook_id: workbookId,
      iss: ISSUER,
      aud: URL_AUDIENCE,
      sub,
      jti,
      iat,
      exp,
    },
    embedKey(sessionSecret),
    { kid: 'partner-portal-local' },
  );
}

/** Null for anything but a valid, unexpired URL token minted for this very workbook. */
export function verifyLocalUrlToken(
  sessionSecret: string,
  token: string,
  workbookId: string,
  now: Date,
): LocalUrlToken | null {
  const payload = verifyJwt(token, embedKey(sessionSecret), {
    issuer: ISSUER,
    audience: URL_AUDIENCE,
    now,
  });
  const parsed = UrlTokenSchema.safeParse(payload);
  return parsed.success && parsed.data.workbook_id === workbookId ? parsed.data : null;
}

const SessionSchema = MintedInSchema.extend({
  workbook_id: z.string(),
  partner_id: z.string().uuid(),
  advertiser_name: z.string().optional(),
  exp: z.number(),
});
/** What every data call of the embed page is scoped by: taken from the token, never the request. */
export type EmbedScope = z.infer<typeof SessionSchema>;

export function signEmbedSession(
  sessionSecret: string,
  urlToken: LocalUrlToken,
  now: Date,
  userSessionEnds: Date,
): { token: string; expiresAt: Date; scope: EmbedScope } {
  const exp = Math.min(
    urlToken.exp,
    Math.floor(now.getTime() / 1000) + SESSION_SECONDS,
    Math.floor(userSessionEnds.getTime() / 1000),
  );
  const scope = {
    sid: urlToken.sid,
    uid: urlToken.uid,
    acc: urlToken.acc,
    workbook_id: urlToken.workbook_id,
    partner_id: urlToken.user_attributes.partner_id,
    ...(urlToken.user_attributes.advertiser_name
      ? { advertiser_name: urlToken.user_attributes.advertiser_name }
      : {}),
  };
  const token = signJwt(
    {
      ...scope,
      iss: ISSUER,
      aud: SESSION_AUDIENCE,
      iat: Math.floor(now.getTime() / 1000),
      exp,
    },
    embedKey(sessionSecret),
  );
  return { token, expiresAt: new Date(exp * 1000), scope: { ...scope, exp } };
}

export function verifyEmbedSession(
  sessionSecret: string,
  token: string,
  now: Date,
): EmbedScope | null {
  const payload = verifyJwt(token, embedKey(sessionSecret), {
    issuer: ISSUER,
    audience: SESSION_AUDIENCE,
    now,
  });
  const parsed = SessionSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}
