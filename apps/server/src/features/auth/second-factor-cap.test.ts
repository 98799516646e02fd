import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { outbox } from '../../db/schema/index';
import { createUser } from '../../../test/factories';
import { enableTwoFactor, PASSWORD, randomIp, xsrfHeaders } from '../../../test/identity-helpers';
import { useTestApp } from '../../../test/use-test-app';
import { createTotp } from '../user/totp';

/**
 * docs/security.md "Second factor capped per user": a password opens any number of OTP
 * challenges, so wrong codes count per user across all of them. The probe's burst (60 wrong
 * codes over 12 challenges from 12 addresses in 0.6 s) gets at most 10 looks; then every code,
 * even the right one, is refused for 15 minutes and the user is mailed once.
 */
let clock = new Date('2026-11-24T09:00:00Z');
const env = useTestApp(() => ({ now: () => clock }));
const db = () => env.database.db;

const post = (url: string, payload: Record<string, unknown>) =>
  env.app.inject({ method: 'POST', url, headers: xsrfHeaders, remoteAddress: randomIp(), payload });

async function challenge(email: string): Promise<string> {
  const answer = await post('/api/auth', { email, password: PASSWORD });
  expect(answer.json().data['2fa_required']).toBe(true);
  return answer.json().data.token as string;
}

async function lockMails(email: string) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, 'second_factor_locked')));
}

const rightCode = (secret: string) =>
  createTotp(secret, 'x').generate({ timestamp: clock.getTime() });

describe('wrong second-factor codes across challenges', () => {
  it('allow 10 looks over 12 challenges of 5 parallel codes, then refuse even the right code and mail the user once', async () => {
    const { user } = await createUser(db(), { password: PASSWORD });
    const secret = await enableTwoFactor(db(), user.id);
    // A new challenge revokes the previous one, so the attacker signs in again after each five.
    const burst = [];
    for (let round = 0; round < 12; round += 1) {
      const jwt = await challenge(user.email);
      burst.push(
        ...(await Promise.all(
          Array.from({ length: 5 }, (_, i) => post('/api/auth/otp', { jwt, code: `00000${i}` })),
        )),
      );
    }
    const looked = burst.filter((answer) => answer.statusCode !== 429);
    expect(looked.length).toBe(10);
    const refused = burst.find((answer) => answer.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('900');
    expect(refused?.json().message).toMatch(/Too many wrong codes/);

    const right = await post('/api/auth/otp', {
      jwt: await challenge(user.email),
      code: rightCode(secret),
    });
    expect(right.statusCode).toBe(429);
    expect(await lockMails(user.email)).toHaveLength(1);

    clock = new Date(clock.getTime() + 15 * 60_000 + 1_000);
    const later = await post('/api/auth/otp', {
      jwt: await challenge(user.email),
      code: rightCode(secret),
    });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().data.token).toEqual(expect.any(String));
  });

  it('count backup codes too, and a right code clears the count', async () => {
    const { user } = await createUser(db(), { password: PASSWORD });
    const secret = await enableTwoFactor(db(), user.id);
    for (let i = 0; i < 9; i += 1) {
      const jwt = await challenge(user.email);
      expect((await post('/api/auth/otp', { jwt, code: 'WRONGBACKUP' })).statusCode).toBe(400);
    }
    clock = new Date(clock.getTime() + 31_000);
    const right = await post('/api/auth/otp', {
      jwt: await challenge(user.email),
      code: rightCode(secret),
    });
    expect(right.statusCode, right.body).toBe(200);
    // The count started over: ten more wrong codes are looked at before the lock.
    for (let i = 0; i < 10; i += 1) {
      const jwt = await challenge(user.email);
      expect((await post('/api/auth/otp', { jwt, code: 'WRONGBACKUP' })).statusCode).toBe(400);
    }
    const locked = await post('/api/auth/otp', {
      jwt: await challenge(user.email),
      code: 'WRONGBACKUP',
    });
    expect(locked.statusCode).toBe(429);
  });
});
