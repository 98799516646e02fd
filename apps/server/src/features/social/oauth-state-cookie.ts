import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES } from '@partner-portal/shared/constants';
import { decryptSecret, encryptSecret } from '../../lib/secret-box';

const COOKIE = 'pp_oauth';
const COOKIE_PATH = '/auth';
/** Long enough to pick an account at the provider, short enough that a stale tab expires. */
const STATE_TTL_SECONDS = 10 * 60;

const OAuthStateSchema = z.object({
  provider: z.string(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirect: z.string().nullable(),
  locale: z.enum(LOCALES),
  // Optional: a flow begun before the theme was carried still finishes.
  darkMode: z.boolean().optional(),
  expiresAt: z.number(),
});
export type OAuthState = z.infer<typeof OAuthStateSchema>;

/**
 * The flow's secrets (state, nonce, PKCE verifier) ride in an encrypted, HttpOnly cookie bound to
 * the browser that started the flow: a callback arriving in another browser (login CSRF) finds
 * no cookie, and nothing needs storing server-side. SameSite=Lax still sends it on the
 * provider's top-level redirect back.
 */
export function setOAuthStateCookie(
  reply: FastifyReply,
  key: Buffer,
  state: Omit<OAuthState, 'expiresAt'>,
  input: { now: Date; secure: boolean },
): void {
  const sealed = encryptSecret(
    key,
    JSON.stringify({ ...state, expiresAt: input.now.getTime() + STATE_TTL_SECONDS * 1000 }),
  );
  reply.setCookie(COOKIE, sealed, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: input.secure,
    maxAge: STATE_TTL_SECONDS,
  });
}

/** Reads and always clears the cookie: each flow's secrets are good for one callback. */
export function takeOAuthStateCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  key: Buffer,
  now: Date,
): OAuthState | null {
  const sealed = request.cookies[COOKIE];
  reply.clearCookie(COOKIE, { path: COOKIE_PATH });
  if (!sealed) return null;
  try {
    const state = OAuthStateSchema.parse(JSON.parse(decryptSecret(key, sealed)));
    return state.expiresAt > now.getTime() ? state : null;
  } catch {
    return null;
  }
}
