import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES } from '@partner-portal/shared/constants';
import { setSealedCookie, takeSealedCookie, type SealedCookie } from '../../lib/sealed-cookie';

/** Long enough to pick an account at the provider, short enough that a stale tab expires. */
const COOKIE: SealedCookie = { name: 'pp_oauth', path: '/auth', ttlSeconds: 10 * 60 };

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

/** The social flow's secrets, sealed in a cookie for its callback (lib/sealed-cookie.ts). */
export function setOAuthStateCookie(
  reply: FastifyReply,
  key: Buffer,
  state: Omit<OAuthState, 'expiresAt'>,
  input: { now: Date; secure: boolean },
): void {
  setSealedCookie(reply, key, COOKIE, state, input);
}

/** Reads and always clears the cookie: each flow's secrets are good for one callback. */
export function takeOAuthStateCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  key: Buffer,
  now: Date,
): OAuthState | null {
  return takeSealedCookie(request, reply, key, COOKIE, OAuthStateSchema, now);
}
