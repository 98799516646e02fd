import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * OWASP's "device cookies" (docs/security.md "Wrong passwords cannot lock a user out"): a browser
 * that has completed a sign-in as a user gets a signed cookie naming that user, and password
 * guesses made with it skip the user-wide guess counter, so a flood of wrong passwords from
 * elsewhere cannot lock the real user out of their own browser. The cookie names the user by a
 * hash of the e-mail, so the counter's key (the e-mail typed) can be matched without a database
 * read, and it proves nothing on its own: the password is still needed.
 */
export const DEVICE_COOKIE = 'pp_device';
const VERSION = 'v1';
const LIFETIME_SECONDS = 180 * 24 * 60 * 60;

export interface DeviceCookies {
  /** Marks this browser as one that signed in as `email`. */
  remember(reply: FastifyReply, email: string): void;
  /** True when the request carries a valid, unexpired device cookie for `email`. */
  isKnown(request: FastifyRequest, email: string): boolean;
}

const emailTag = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

export function createDeviceCookies(options: {
  sessionSecret: string;
  secure: boolean;
  now: () => Date;
}): DeviceCookies {
  const key = Buffer.from(
    hkdfSync('sha256', options.sessionSecret, 'partner-portal', 'device-cookie', 32),
  );
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  return {
    remember(reply, email) {
      const issued = Math.floor(options.now().getTime() / 1000);
      const payload = `${VERSION}.${emailTag(email)}.${issued}`;
      reply.setCookie(DEVICE_COOKIE, `${payload}.${sign(payload)}`, {
        path: '/api',
        httpOnly: true,
        sameSite: 'strict',
        secure: options.secure,
        maxAge: LIFETIME_SECONDS,
      });
    },
    isKnown(request, email) {
      const value = request.cookies[DEVICE_COOKIE];
      const [version, tag, issued, signature] = (value ?? '').split('.');
      if (version !== VERSION || !tag || !issued || !signature) return false;
      const expected = Buffer.from(sign(`${version}.${tag}.${issued}`));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      const age = options.now().getTime() / 1000 - Number(issued);
      return age >= 0 && age < LIFETIME_SECONDS && tag === emailTag(email);
    },
  };
}
