import { hkdfSync } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { EmbedClaims } from './embed-claims';

const ISSUER = 'partner-portal';
const URL_AUDIENCE = 'partner-portal-embed';
const SESSION_AUDIENCE = 'partner-portal-embed-session';
/** The embed page's data session: at most this long, and never past the URL token's expiry. */
const SESSION_SECONDS = 60 * 60;

function embedKey(sessionSecret: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', sessionSecret, 'partner-portal', 'embed-tokens', 32));
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
export async function signLocalUrlToken(
  sessionSecret: string,
  claims: EmbedClaims,
  workbookId: string,
  mintedIn: MintedIn,
): Promise<string> {
  const { iat, exp, jti, sub, ...rest } = claims;
  return new SignJWT({ ...rest, ...mintedIn, workbook_id: workbookId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: 'partner-portal-local' })
    .setIssuer(ISSUER)
    .setAudience(URL_AUDIENCE)
    .setSubject(sub)
    .setJti(jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(embedKey(sessionSecret));
}

/** Null for anything but a valid, unexpired URL token minted for this very workbook. */
export async function verifyLocalUrlToken(
  sessionSecret: string,
  token: string,
  workbookId: string,
  now: Date,
): Promise<LocalUrlToken | null> {
  try {
    const { payload } = await jwtVerify(token, embedKey(sessionSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: URL_AUDIENCE,
      currentDate: now,
    });
    const parsed = UrlTokenSchema.safeParse(payload);
    return parsed.success && parsed.data.workbook_id === workbookId ? parsed.data : null;
  } catch {
    return null;
  }
}

const SessionSchema = MintedInSchema.extend({
  workbook_id: z.string(),
  partner_id: z.string().uuid(),
  advertiser_name: z.string().optional(),
  exp: z.number(),
});
/** What every data call of the embed page is scoped by: taken from the token, never the request. */
export type EmbedScope = z.infer<typeof SessionSchema>;

export async function signEmbedSession(
  sessionSecret: string,
  urlToken: LocalUrlToken,
  now: Date,
  userSessionEnds: Date,
): Promise<{ token: string; expiresAt: Date; scope: EmbedScope }> {
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
  const token = await new SignJWT(scope)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(SESSION_AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(exp)
    .sign(embedKey(sessionSecret));
  return { token, expiresAt: new Date(exp * 1000), scope: { ...scope, exp } };
}

export async function verifyEmbedSession(
  sessionSecret: string,
  token: string,
  now: Date,
): Promise<EmbedScope | null> {
  try {
    const { payload } = await jwtVerify(token, embedKey(sessionSecret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: SESSION_AUDIENCE,
      currentDate: now,
    });
    const parsed = SessionSchema.safeParse(payload);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
