import { AppError } from './app-error';

export interface WorkGateLimits {
  /** How many jobs run at once. */
  concurrency: number;
  /** How many more may wait; past that a job is refused at once. */
  queue: number;
}

/**
 * Bounds expensive work (password hashing): at most `concurrency` jobs at once and `queue`
 * waiting in arrival order. Beyond that the caller gets 503 with Retry-After straight away, so a
 * flood of sign-ins is refused instead of slowing every other route (docs/security.md "A
 * sign-in flood starves no one").
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: WorkGateLimits) {}

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running < this.limits.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.limits.queue) {
        throw new AppError('service_unavailable', 'error.busy', { retryAfterSeconds: 1 });
      }
      // The finishing job hands its slot over, so `running` is unchanged.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
