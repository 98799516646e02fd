import { LRUCache } from 'lru-cache';

/**
 * Answers computed from data that says when it changed, kept in this instance's memory. The
 * caller puts the data's version in the key, so a changed version is simply a miss and the old
 * answers age out; nothing needs forgetting and every instance stays right on its own. Callers
 * asking for the same key at once share one computation (twenty viewers opening the same
 * dashboard run its queries once), and a failed computation is not kept.
 */
/** How much memory an instance gives to cached answers, by the callers' estimates of their size. */
const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;

export class AnswerCache {
  private readonly answers: LRUCache<string, { value: unknown }>;
  private readonly pending = new Map<string, Promise<unknown>>();
  hits = 0;
  misses = 0;

  /** `maxBytes` bounds the sum of what `sizeOf` estimates for the answers kept. */
  constructor(maxBytes = ANSWER_CACHE_BYTES) {
    this.answers = new LRUCache({ maxSize: maxBytes });
  }

  get size(): number {
    return this.answers.size;
  }

  async answer<T>(
    key: string,
    compute: () => Promise<T>,
    sizeOf: (value: T) => number,
  ): Promise<T> {
    const kept = this.answers.get(key);
    if (kept) {
      this.hits += 1;
      return kept.value as T;
    }
    const running = this.pending.get(key);
    if (running) {
      this.hits += 1;
      return running as Promise<T>;
    }
    this.misses += 1;
    const computing = compute().then(
      (value) => {
        this.pending.delete(key);
        // An answer larger than the whole cache is served but not kept (lru-cache refuses it).
        this.answers.set(key, { value }, { size: Math.max(1, Math.ceil(sizeOf(value))) });
        return value;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, computing);
    return computing;
  }
}
