import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  accounts,
  accountUsers,
  invites,
  oneTimeTokens,
  outbox,
  users,
} from '../src/db/schema/index';
import { createInvite } from '../src/features/team/invite.service';
import { createTotp, newBackupCode } from '../src/features/user/totp';
import { hashToken, issueOneTimeToken } from '../src/lib/one-time-token';
import { hashPassword } from '../src/lib/password';
import { createAccount, createUser } from './factories';
import { enableTwoFactor, PASSWORD, randomIp, xsrfHeaders } from './identity-helpers';
import { useTestApp } from './use-test-app';

/**
 * docs/security.md "Nothing is written before the second factor": a sign-up or an invite accepted
 * with the password of a user who has 2FA only opens a challenge that holds what was asked; the
 * account or the membership is written once the code is right, with the session. One database is
 * enough: the rule is about what is written when, not about how two databases lock.
 */
let clock = new Date('2026-11-25T09:00:00Z');
const env = useTestApp(() => ({ now: () => clock }));
const db = () => env.database.db;
const advance = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

const post = (url: string, payload: Record<string, unknown>) =>
  env.app.inject({ method: 'POST', url, headers: xsrfHeaders, remoteAddress: randomIp(), payload });
const rightCode = (secret: string) =>
  createTotp(secret, 'x').generate({ timestamp: clock.getTime() });
const wrongCode = (secret: string) =>
  String((Number(rightCode(secret)) + 1) % 1_000_000).padStart(6, '0');

async function twoFactorUser() {
  const created = await createUser(db(), { password: PASSWORD });
  const secret = await enableTwoFactor(db(), created.user.id);
  // Each test starts on a fresh 30-second step, so its right code has not been used.
  advance(30);
  return { ...created, secret };
}

const signUpAs = (email: string, partnerName: string) =>
  post('/api/account', {
    first_name: 'Mallory',
    last_name: 'Intruder',
    email,
    partner_name: partnerName,
    password: PASSWORD,
  });

const acceptAs = (email: string, inviteToken: string) =>
  post('/api/user', {
    first_name: 'Ian',
    last_name: 'Vited',
    email,
    password: PASSWORD,
    invite_id: inviteToken,
  });

function expectChallenge(answer: Awaited<ReturnType<typeof post>>): string {
  expect(answer.statusCode, answer.body).toBe(201);
  expect(answer.json().data).toEqual({ '2fa_required': true, token: expect.any(String) });
  return answer.json().data.token as string;
}

async function accountsNamed(name: string) {
  return db().select().from(accounts).where(eq(accounts.name, name));
}

async function membershipsOf(userId: string) {
  return db().select().from(accountUsers).where(eq(accountUsers.userId, userId));
}

async function mailsTo(email: string, template: string) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, template)));
}

async function inviteRow(id: string) {
  const [row] = await db().select().from(invites).where(eq(invites.id, id));
  return row;
}

async function invitedTwoFactorUser() {
  const created = await twoFactorUser();
  const team = await createAccount(db(), { name: `Team ${randomUUID().slice(0, 6)}` });
  const invite = await createInvite(db(), {
    accountId: team.id,
    email: created.user.email,
    permission: 'admin',
  });
  return { ...created, team, invite };
}

describe('signing up with the e-mail and password of a user who has 2FA', () => {
  it('creates no account before the right code, none for a wrong one, and exactly one owned by the user after it', async () => {
    const { user, secret } = await twoFactorUser();
    const name = `Takeover ${randomUUID().slice(0, 8)}`;
    const jwt = expectChallenge(await signUpAs(user.email, name));

    const nothingWritten = async () => {
      expect(await accountsNamed(name)).toEqual([]);
      expect(await membershipsOf(user.id)).toHaveLength(1);
      expect(await mailsTo(user.email, 'account_added')).toEqual([]);
      const [stored] = await db().select().from(users).where(eq(users.id, user.id));
      expect(stored?.duplicateUser).toBe(false);
    };
    await nothingWritten();

    const wrong = await post('/api/auth/otp', { jwt, code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(400);
    await nothingWritten();

    const right = await post('/api/auth/otp', { jwt, code: rightCode(secret) });
    expect(right.statusCode, right.body).toBe(200);
    const created = await accountsNamed(name);
    expect(created).toHaveLength(1);
    expect(right.json().data).toMatchObject({
      account_id: created[0]?.id,
      account_name: name,
      permission: 'owner',
      duplicate_user: true,
    });
    const owners = await db()
      .select()
      .from(accountUsers)
      .where(eq(accountUsers.accountId, created[0]?.id ?? ''));
    expect(owners.map((row) => [row.userId, row.permission])).toEqual([[user.id, 'owner']]);
    const mails = await mailsTo(user.email, 'account_added');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(name);
    expect(mails[0]?.text).toContain('/forgotpassword');

    // The challenge is spent: a later code does not create the account again.
    advance(30);
    expect((await post('/api/auth/otp', { jwt, code: rightCode(secret) })).statusCode).toBe(401);
    expect(await accountsNamed(name)).toHaveLength(1);
  });
});

describe('accepting an invite with the password of a user who has 2FA', () => {
  it('adds the membership and consumes the invite only once the right code is given', async () => {
    const { user, secret, team, invite } = await invitedTwoFactorUser();
    const jwt = expectChallenge(await acceptAs(user.email, invite.token));

    const nothingWritten = async () => {
      expect((await membershipsOf(user.id)).map((row) => row.accountId)).not.toContain(team.id);
      expect((await inviteRow(invite.id))?.acceptedAt).toBeNull();
      expect(await mailsTo(user.email, 'account_added')).toEqual([]);
    };
    await nothingWritten();

    expect((await post('/api/auth/otp', { jwt, code: wrongCode(secret) })).statusCode).toBe(400);
    await nothingWritten();

    const right = await post('/api/auth/otp', { jwt, code: rightCode(secret) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data).toMatchObject({ account_id: team.id, permission: 'admin' });
    const joined = (await membershipsOf(user.id)).filter((row) => row.accountId === team.id);
    expect(joined.map((row) => row.permission)).toEqual(['admin']);
    expect((await inviteRow(invite.id))?.acceptedAt).toBeInstanceOf(Date);
    expect(await mailsTo(user.email, 'account_added')).toHaveLength(1);

    // The link is single-use: it opens no second challenge.
    expect((await acceptAs(user.email, invite.token)).statusCode).toBe(400);
  });

  it('lets only one of two live challenges for the same invite join', async () => {
    const { user, secret, team, invite } = await invitedTwoFactorUser();
    const backup = newBackupCode();
    await db()
      .update(users)
      .set({ backupCodeHash: await hashPassword(backup) })
      .where(eq(users.id, user.id));
    const first = expectChallenge(await acceptAs(user.email, invite.token));
    // A second challenge holding the same intent, alive beside the first (as two tabs racing
    // could leave them): only one may consume the invite.
    const [stored] = await db()
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(first)));
    const second = await issueOneTimeToken(db(), {
      kind: 'otp_challenge',
      userId: user.id,
      accountId: stored?.accountId ?? null,
      payload: stored?.payload ?? {},
      now: clock,
      keepOlder: true,
    });

    const answers = await Promise.all([
      post('/api/auth/otp', { jwt: first, code: rightCode(secret) }),
      post('/api/auth/otp', { jwt: second.token, code: backup }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json().message).toMatch(
      /no longer valid/,
    );
    const joined = (await membershipsOf(user.id)).filter((row) => row.accountId === team.id);
    expect(joined).toHaveLength(1);
  });
});

describe('an abandoned second-factor challenge', () => {
  it('leaves no account, no membership and an open invite, and is dead after 5 minutes', async () => {
    const { user, secret, team, invite } = await invitedTwoFactorUser();
    const name = `Abandoned ${randomUUID().slice(0, 8)}`;
    const signupJwt = expectChallenge(await signUpAs(user.email, name));
    // A new challenge revokes the user's older one, so the sign-up's is abandoned here too.
    const inviteJwt = expectChallenge(await acceptAs(user.email, invite.token));

    advance(5 * 60 + 1);
    for (const jwt of [signupJwt, inviteJwt]) {
      expect((await post('/api/auth/otp', { jwt, code: rightCode(secret) })).statusCode).toBe(401);
    }
    expect(await accountsNamed(name)).toEqual([]);
    expect(await membershipsOf(user.id)).toHaveLength(1);
    expect((await inviteRow(invite.id))?.acceptedAt).toBeNull();
    expect(await mailsTo(user.email, 'account_added')).toEqual([]);

    // The invite is still there for a challenge that is seen through.
    advance(30);
    const jwt = expectChallenge(await acceptAs(user.email, invite.token));
    expect((await post('/api/auth/otp', { jwt, code: rightCode(secret) })).statusCode).toBe(200);
    expect((await membershipsOf(user.id)).map((row) => row.accountId)).toContain(team.id);
  });
});
