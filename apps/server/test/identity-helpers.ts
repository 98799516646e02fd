import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { outbox, users } from '../src/db/schema/index';
import { newTotpSecret } from '../src/features/user/totp';
import { encryptSecret } from '../src/lib/secret-box';
import { createTestConfig } from './test-config';
import { TEST_XSRF_TOKEN } from './build-test-app';
import { createUser, uniqueEmail, type CreateUserOptions } from './factories';

export const PASSWORD = 'Correct-horse-1!';

export const xsrfHeaders = {
  cookie: `XSRF-TOKEN=${TEST_XSRF_TOKEN}`,
  'x-xsrf-token': TEST_XSRF_TOKEN,
};

export function bearer(token: string) {
  return { ...xsrfHeaders, authorization: `Bearer ${token}` };
}

/** A client address of its own, so rate limits of one test never reach another's calls. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function signup(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/account',
    remoteAddress: randomIp(),
    headers: { ...xsrfHeaders, ...headers },
    payload: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: uniqueEmail('signup'),
      partner_name: 'Analytical Engines',
      password: PASSWORD,
      ...overrides,
    },
  });
}

/**
 * POST /api/user with an invite's token, as the invited sign-up screen sends it (an existing user
 * joins with their own password).
 */
export function joinWithInvite(
  app: FastifyInstance,
  email: string,
  inviteToken: string,
  names: { first_name: string; last_name: string } = { first_name: 'Ian', last_name: 'Vited' },
) {
  return app.inject({
    method: 'POST',
    url: '/api/user',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { ...names, email, password: PASSWORD, invite_id: inviteToken },
  });
}

/** The newest mail to `to` (of one template) in the outbox, the transport used without SMTP. */
export async function lastMailTo(db: Db, to: string, template?: string) {
  const [mail] = await db
    .select()
    .from(outbox)
    .where(template ? and(eq(outbox.to, to), eq(outbox.template, template)) : eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

export function tokenFromLink(text: string, path: string): string {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in mail`);
  return match[1];
}

/** A new user (and account unless given), signed in with a password: their bearer token too. */
export async function signedInUser(app: FastifyInstance, db: Db, options: CreateUserOptions = {}) {
  const created = await createUser(db, { password: PASSWORD, ...options });
  const answer = await app.inject({
    method: 'POST',
    url: '/api/auth',
    headers: xsrfHeaders,
    remoteAddress: randomIp(),
    payload: { email: created.user.email, password: PASSWORD },
  });
  if (answer.statusCode !== 200) throw new Error(`sign-in failed: ${answer.body}`);
  return { ...created, token: answer.json().data.token as string };
}

/** Turns 2FA on for a user as confirming a code would; answers the TOTP secret. */
export async function enableTwoFactor(db: Db, userId: string): Promise<string> {
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({
      totpEnabled: true,
      totpSecretEncrypted: encryptSecret(createTestConfig().encryptionKey, secret),
    })
    .where(eq(users.id, userId));
  return secret;
}
