import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES } from '@partner-portal/shared/constants';
import { setSealedCookie, takeSealedCookie, type SealedCookie } from '../../lib/sealed-cookie';

/** Long enough to sign in at the IdP (a password and a push), short enough that a stale tab expires. */
const COOKIE: SealedCookie = { name: 'pp_sso', path: '/api/sso/oidc', ttlSeconds: 10 * 60 };

const SsoFlowSchema = z.object({
  accountId: z.string(),
  /** The connection the flow began with: a flow outliving a change of IdP fails. */
  connectionUpdatedAt: z.number(),
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  redirect: z.string().nullable(),
  locale: z.enum(LOCALES),
  expiresAt: z.number(),
});
export type SsoFlow = z.infer<typeof SsoFlowSchema>;

export function setSsoFlowCookie(
  reply: FastifyReply,
  key: Buffer,
  flow: Omit<SsoFlow, 'expiresAt'>,
  input: { now: Date; secure: boolean },
): void {
  setSealedCookie(reply, key, COOKIE, flow, input);
}

export function takeSsoFlowCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  key: Buffer,
  now: Date,
): SsoFlow | null {
  return takeSealedCookie(request, reply, key, COOKIE, SsoFlowSchema, now);
}
