import type { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decryptSecret, encryptSecret } from './secret-box';

export interface SealedCookie {
  name: string;
  path: string;
  ttlSeconds: number;
}

/**
 * A sign-in flow's secrets (state, nonce, PKCE verifier) in an encrypted, HttpOnly cookie bound
 * to the browser that started the flow: a callback arriving in another browser (login CSRF)
 * finds no cookie, and nothing needs storing server-side. SameSite=Lax still sends it on the
 * provider's top-level redirect back.
 */
export function setSealedCookie<T extends object>(
  reply: FastifyReply,
  key: Buffer,
  cookie: SealedCookie,
  value: T,
  input: { now: Date; secure: boolean },
): void {
  const sealed = encryptSecret(
    key,
    JSON.stringify({ ...value, expiresAt: input.now.getTime() + cookie.ttlSeconds * 1000 }),
  );
  reply.setCookie(cookie.name, sealed, {
    path: cookie.path,
    httpOnly: true,
    sameSite: 'lax',
    secure: input.secure,
    maxAge: cookie.ttlSeconds,
  });
}

/** Reads and always clears the cookie: each flow's secrets are good for one callback. */
export function takeSealedCookie<S extends z.ZodType<{ expiresAt: number }>>(
  request: FastifyRequest,
  reply: FastifyReply,
  key: Buffer,
  cookie: SealedCookie,
  schema: S,
  now: Date,
): z.infer<S> | null {
  const sealed = request.cookies[cookie.name];
  reply.clearCookie(cookie.name, { path: cookie.path });
  if (!sealed) return null;
  try {
    const value = schema.parse(JSON.parse(decryptSecret(key, sealed)));
    return value.expiresAt > now.getTime() ? value : null;
  } catch {
    return null;
  }
}
