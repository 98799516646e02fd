import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('AnswerCache', () => {
  it('computes a key once and serves the kept answer after', async () => {
    const cache = new AnswerCache(1_000);
    let runs = 0;
    const compute = async () => ({ run: ++runs });
    expect(await cache.answer('a', compute, () => 10)).toEqual({ run: 1 });
    expect(await cache.answer('a', compute, () => 10)).toEqual({ run: 1 });
    expect(await cache.answer('b', compute, () => 10)).toEqual({ run: 2 });
    expect({ hits: cache.hits, misses: cache.misses, size: cache.size }).toEqual({
      hits: 1,
      misses: 2,
      size: 2,
    });
  });

  it('lets callers asking at once share one computation', async () => {
    const cache = new AnswerCache(1_000);
    const gate = deferred<string>();
    let runs = 0;
    const compute = () => {
      runs += 1;
      return gate.promise;
    };
    const callers = Array.from({ length: 20 }, () => cache.answer('same', compute, () => 1));
    gate.resolve('sums');
    expect(await Promise.all(callers)).toEqual(Array(20).fill('sums'));
    expect(runs).toBe(1);
  });

  it('keeps no failure: every caller of the failed run sees it, and the next one computes again', async () => {
    const cache = new AnswerCache(1_000);
    const gate = deferred<string>();
    const first = cache.answer(
      'k',
      () => gate.promise,
      () => 1,
    );
    const second = cache.answer(
      'k',
      () => Promise.resolve('never run'),
      () => 1,
    );
    gate.reject(new Error('database went away'));
    await expect(first).rejects.toThrow('database went away');
    await expect(second).rejects.toThrow('database went away');
    expect(
      await cache.answer(
        'k',
        () => Promise.resolve('again'),
        () => 1,
      ),
    ).toBe('again');
  });

  it('forgets the least recently used answers past its size, and keeps none larger than itself', async () => {
    const cache = new AnswerCache(100);
    await cache.answer(
      'old',
      () => Promise.resolve(1),
      () => 60,
    );
    await cache.answer(
      'new',
      () => Promise.resolve(2),
      () => 60,
    );
    expect(cache.size).toBe(1);
    let runs = 0;
    await cache.answer(
      'old',
      async () => ++runs,
      () => 60,
    );
    expect(runs).toBe(1);
    expect(
      await cache.answer(
        'huge',
        () => Promise.resolve('served'),
        () => 500,
      ),
    ).toBe('served');
    expect(
      await cache.answer(
        'huge',
        () => Promise.resolve('computed again'),
        () => 500,
      ),
    ).toBe('computed again');
  });
});
