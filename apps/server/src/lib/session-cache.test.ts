import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

function entry(userId: string, accountIds: string[], value = 'v') {
  return { value, userId, accountIds, loadedAt: 1_000 };
}

describe('session cache', () => {
  it('forgets a session alone, every session of a user, and every session showing an account', () => {
    const cache = new SessionCache<string>(100);
    cache.set('s1', entry('u1', ['a1']), cache.ticket());
    cache.set('s2', entry('u1', ['a2', 'a3']), cache.ticket());
    cache.set('s3', entry('u2', ['a3']), cache.ticket());
    cache.set('s4', entry('u3', ['a4']), cache.ticket());

    cache.forget({ kind: 'session', id: 's4' });
    expect(cache.get('s4', 0)).toBeUndefined();
    cache.forget({ kind: 'account', id: 'a3' });
    expect(cache.get('s2', 0)).toBeUndefined();
    expect(cache.get('s3', 0)).toBeUndefined();
    expect(cache.get('s1', 0)?.value).toBe('v');
    cache.forget({ kind: 'user', id: 'u1' });
    expect(cache.get('s1', 0)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops a load that a change overtook, and keeps one that started after it', () => {
    const cache = new SessionCache<string>(100);
    const early = cache.ticket();
    cache.forget({ kind: 'user', id: 'u1' });
    cache.set('s1', entry('u1', ['a1']), early);
    expect(cache.get('s1', 0)).toBeUndefined();
    cache.set('s2', entry('u2', ['a2']), early);
    expect(cache.get('s2', 0)?.value).toBe('v');

    const late = cache.ticket();
    cache.set('s1', entry('u1', ['a1']), late);
    expect(cache.get('s1', 0)?.value).toBe('v');

    const beforeAll = cache.ticket();
    cache.forget({ kind: 'all', reason: 'test' });
    cache.set('s3', entry('u3', ['a3']), beforeAll);
    expect(cache.size).toBe(0);
  });

  it('stays within its bound and treats an old entry as a miss', () => {
    const cache = new SessionCache<string>(3);
    for (let i = 0; i < 10; i += 1) cache.set(`s${i}`, entry(`u${i}`, [`a${i}`]), cache.ticket());
    expect(cache.size).toBe(3);
    expect(cache.get('s9', 0)?.value).toBe('v');
    expect(cache.get('s0', 0)).toBeUndefined();
    expect(cache.get('s9', 2_000)).toBeUndefined();
    expect(cache.hits).toBe(1);
    expect(cache.misses).toBe(2);
  });
});
