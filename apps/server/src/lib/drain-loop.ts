/**
 * The wake-up discipline of a queue's sender (the mail outbox, webhook deliveries): it drains when
 * a transaction that queued work commits (a NOTIFY, given to `start`), on a timer for retries
 * and other instances' leftovers, and never twice at once — a poke during a drain runs one more
 * drain after it, since that commit may have come too late for the first.
 */
export class DrainLoop {
  private draining: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly drain: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
    private readonly pollMs: number,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  /** Starts listening (`onQueued` subscribes to the commit signal) and polling. */
  start(onQueued: (listener: () => void) => () => void): void {
    this.unsubscribe = onQueued(() => this.poke());
    this.timer = setInterval(() => this.poke(), this.pollMs);
    this.timer.unref();
    this.poke();
  }

  /** Drains now, or once more after the drain under way. */
  poke(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.draining = null;
        if (this.again) {
          this.again = false;
          this.poke();
        }
      });
  }

  /** Stops waking, and waits for the drain under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    await this.draining;
  }
}
