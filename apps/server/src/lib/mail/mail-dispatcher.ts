import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';
import { DrainLoop } from '../drain-loop';
import type { MailDelivery, QueuedMail } from './mail-transport';

export interface DispatcherOptions {
  /** How often to look for due mail without being told (retries, another instance's leftovers). */
  pollMs?: number;
  /** Rows taken per claim. */
  batch?: number;
  /** Failed tries after which a mail is given up (failed_at) for the operator to look at. */
  maxAttempts?: number;
  /** How long a taken row is this dispatcher's; past it, a crash's leftover is taken again. */
  leaseMs?: number;
}

const DEFAULTS: Required<DispatcherOptions> = {
  pollMs: 5_000,
  batch: 20,
  maxAttempts: 8,
  leaseMs: 5 * 60_000,
};

/** 10 s, 20 s, 40 s … capped at an hour between tries. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 10_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers the outbox. Every instance runs one; each claims due rows with FOR UPDATE SKIP
 * LOCKED and a lease, so a mail is sent by one of them, and a crash between the claim and the
 * delivery only delays it until the lease runs out. It wakes when a transaction that queued
 * mail commits (the outbox trigger's NOTIFY), and polls for retries.
 */
export class MailDispatcher {
  private readonly options: Required<DispatcherOptions>;
  private readonly loop: DrainLoop;

  constructor(
    private readonly db: Db,
    private readonly delivery: MailDelivery,
    private readonly log: FastifyBaseLogger,
    options: DispatcherOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.loop = new DrainLoop(
      () => this.drain(),
      (error) => this.log.error({ err: error }, 'mail: the outbox could not be read'),
      this.options.pollMs,
    );
  }

  /** Starts listening (`onQueued` subscribes to the commit signal) and polling. */
  start(onQueued: (listener: () => void) => () => void): void {
    this.loop.start(onQueued);
  }

  /** Drains now, or once more after the drain under way (a commit it may not have seen). */
  poke(): void {
    this.loop.poke();
  }

  /**
   * Delivers every due mail, or only those queued since `queuedSince` (the admin CLI's own, so
   * a backlog the servers will send does not hold the command up); answers how many went out.
   */
  async drain(queuedSince?: Date): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimed = await this.claim(queuedSince);
      for (const mail of claimed) if (await this.deliver(mail)) sent += 1;
      if (claimed.length < this.options.batch || this.loop.isStopped) return sent;
    }
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private claim(queuedSince?: Date): Promise<QueuedMail[]> {
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.sentAt),
          isNull(outbox.failedAt),
          lte(outbox.nextAttemptAt, sql`now()`),
          queuedSince ? gte(outbox.createdAt, queuedSince) : undefined,
        ),
      )
      .orderBy(asc(outbox.nextAttemptAt))
      .limit(this.options.batch)
      .for('update', { skipLocked: true });
    return this.db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: sql`now() + ${this.options.leaseMs} * interval '1 millisecond'`,
      })
      .where(inArray(outbox.id, due))
      .returning();
  }

  private async deliver(mail: QueuedMail): Promise<boolean> {
    try {
      await this.delivery.deliver(mail);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = mail.attempts >= this.options.maxAttempts;
      this.log.error(
        { err: error, mail: { id: mail.id, to: mail.to, attempts: mail.attempts } },
        giveUp ? 'mail: given up after repeated failures' : 'mail: delivery failed, will retry',
      );
      await this.db
        .update(outbox)
        .set({
          lastError: message.slice(0, 500),
          ...(giveUp
            ? { failedAt: sql`now()` }
            : {
                nextAttemptAt: sql`now() + ${retryDelayMs(mail.attempts)} * interval '1 millisecond'`,
              }),
        })
        .where(eq(outbox.id, mail.id));
      return false;
    }
    await this.db
      .update(outbox)
      .set({ sentAt: sql`now()`, lastError: null })
      .where(eq(outbox.id, mail.id));
    return true;
  }
}
