import { pbkdf2 } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '../../test/factories';
import { bearer, PASSWORD, randomIp, signedInUser, xsrfHeaders } from '../../test/identity-helpers';
import { createTestConfig } from '../../test/test-config';
import { useTestApp } from '../../test/use-test-app';
import { WorkGate } from './work-gate';

/**
 * docs/security.md "A sign-in flood starves no one": password hashing runs one at a time here
 * with two waiting, the rest are refused with 503 and Retry-After at once; and a signed-in
 * request never waits for the thread pool that hashing uses.
 */
const env = useTestApp(() => ({
  config: createTestConfig({ PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '2' }),
}));

describe('WorkGate', () => {
  it('runs at most `concurrency` jobs, queues `queue` more in order, and refuses the rest', async () => {
    const gate = new WorkGate({ concurrency: 1, queue: 2 });
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const job = (n: number) => () =>
      new Promise<number>((resolve) => {
        order.push(n);
        releases.push(() => resolve(n));
      });
    const running = [gate.run(job(1)), gate.run(job(2)), gate.run(job(3))];
    await expect(gate.run(job(4))).rejects.toMatchObject({
      status: 503,
      options: { retryAfterSeconds: 1 },
    });
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    for (let step = 0; step < 3; step += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      releases[step]?.();
    }
    expect(await Promise.all(running)).toEqual([1, 2, 3]);
    expect(order).toEqual([1, 2, 3]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });
});

/** Occupies every libuv thread (where argon2 hashes) with a slow key derivation. */
function occupyThreadPool(): Promise<void>[] {
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  return Array.from(
    { length: threads },
    () =>
      new Promise<void>((resolve) => pbkdf2('x', 'salt', 1_500_000, 32, 'sha256', () => resolve())),
  );
}

describe('a sign-in flood', () => {
  it('is answered 503 with Retry-After past the hashing queue, while signed-in calls go on', async () => {
    const { token } = await signedInUser(env.app, env.database.db);
    // No hash may finish, and free its slot, before the whole burst has reached the gate: on
    // PostgreSQL the burst's lookups arrive over several milliseconds.
    const blockers = occupyThreadPool();
    const flood = Array.from({ length: 12 }, () =>
      env.app.inject({
        method: 'POST',
        url: '/api/auth',
        headers: xsrfHeaders,
        remoteAddress: randomIp(),
        payload: { email: uniqueEmail('flood'), password: 'Wrong-horse-1!' },
      }),
    );
    const me = await env.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    const answers = await Promise.all(flood);
    await Promise.all(blockers);
    const busy = answers.filter((answer) => answer.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(12 - 3);
    expect(busy[0]?.headers['retry-after']).toBe('1');
    expect(busy[0]?.json().message).toMatch(/many sign-ins/);
    expect(answers.filter((answer) => answer.statusCode === 401).length).toBeLessThanOrEqual(3);
    // Once the burst is over, signing in works again.
    const { user } = await createUser(env.database.db, { password: PASSWORD });
    const after = await env.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: xsrfHeaders,
      remoteAddress: randomIp(),
      payload: { email: user.email, password: PASSWORD },
    });
    expect(after.statusCode).toBe(200);
  });

  it('never makes a signed-in request wait for the thread pool', async () => {
    const { token } = await signedInUser(env.app, env.database.db);
    const finished: string[] = [];
    const blockers = occupyThreadPool().map((blocker) =>
      blocker.then(() => {
        finished.push('thread pool');
      }),
    );
    const me = env.app
      .inject({ method: 'GET', url: '/api/user', headers: bearer(token) })
      .then((answer) => {
        finished.push('GET /api/user');
        return answer;
      });
    expect((await me).statusCode).toBe(200);
    await Promise.all(blockers);
    expect(finished[0]).toBe('GET /api/user');
  });
});
