import { sql } from 'drizzle-orm';
import { WEBHOOK_RETRY_DELAYS_MS } from '@partner-portal/shared/webhooks';
import type { AppContext } from '../../lib/app-context';
import { rowsOf } from '../../db/raw-rows';
import { DrainLoop } from '../../lib/drain-loop';
import { decryptSecret } from '../../lib/secret-box';
import { sendWebhook, type SendResult } from './webhook-send';
import { giveUpEndpoint } from './webhook-give-up';

export interface WebhookDispatcherOptions {
  /** How often to look for due deliveries without being told (retries, another instance's). */
  pollMs?: number;
  /** Deliveries taken per claim, and sent at once. */
  batch?: number;
  /**
   * How long a taken delivery is this instance's; past it, a crash's leftover is taken again.
   * A batch is sent at once and each send ends within 10 s, so 30 s is never cut short.
   */
  leaseMs?: number;
}

/** How long a taken delivery is its taker's (the dispatcher's, or a test send's). */
export const WEBHOOK_LEASE_MS = 30_000;

const DEFAULTS: Required<WebhookDispatcherOptions> = {
  pollMs: 5_000,
  batch: 10,
  leaseMs: WEBHOOK_LEASE_MS,
};

/** The wait after the `attempts`-th failed try: growing, then the last step again. */
function webhookRetryDelayMs(attempts: number): number {
  const steps = WEBHOOK_RETRY_DELAYS_MS;
  return steps[Math.min(Math.max(attempts, 1), steps.length) - 1]!;
}

/** A claimed delivery with what sending it needs. */
interface Claimed {
  id: string;
  endpoint_id: string;
  message_id: string;
  attempts: number;
  manual: boolean;
  give_up_at: Date | string;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | string | null;
  payload: Record<string, unknown> | string;
}

/**
 * Sends the webhook deliveries (docs/product.md#webhooks). Every instance runs one; each claims
 * due rows with FOR UPDATE SKIP LOCKED and a lease, so a delivery is sent by one of them, and a
 * crash between the claim and the answer only delays it until the lease runs out. It wakes when
 * a transaction that queued a delivery commits (the deliveries trigger's NOTIFY), and polls for
 * retries. Times are the app's clock (`ctx.now`), which the tests move.
 */
export class WebhookDispatcher {
  private readonly options: Required<WebhookDispatcherOptions>;
  private readonly loop: DrainLoop;

  constructor(
    private readonly ctx: AppContext,
    options: WebhookDispatcherOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.loop = new DrainLoop(
      () => this.drain(),
      (error) => this.ctx.log.error({ err: error }, 'webhooks: could not be read'),
      this.options.pollMs,
    );
  }

  start(onQueued: (listener: () => void) => () => void): void {
    this.loop.start(onQueued);
  }

  /** Drains now, or once more after the drain under way (a commit it may not have seen). */
  poke(): void {
    this.loop.poke();
  }

  /** Sends every due delivery; answers how many were tried. */
  async drain(): Promise<number> {
    let tried = 0;
    for (;;) {
      const claimed = await this.claim();
      await Promise.all(claimed.map((row) => this.deliver(row)));
      tried += claimed.length;
      if (claimed.length < this.options.batch || this.loop.isStopped) return tried;
    }
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async claim(): Promise<Claimed[]> {
    const now = this.ctx.now();
    const lease = new Date(now.getTime() + this.options.leaseMs);
    return rowsOf<Claimed>(
      this.ctx.db,
      sql`
        WITH due AS (
          SELECT d.id FROM webhook_deliveries d
          JOIN webhook_endpoints e ON e.id = d.endpoint_id
          WHERE d.status = 'pending' AND d.next_attempt_at <= ${now} AND e.enabled
          ORDER BY d.next_attempt_at
          LIMIT ${this.options.batch}
          FOR UPDATE OF d SKIP LOCKED
        ), claimed AS (
          UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = ${lease}
          FROM due WHERE d.id = due.id
          RETURNING d.id, d.endpoint_id, d.message_id, d.attempts, d.manual, d.give_up_at
        )
        SELECT claimed.*, e.url, e.secret_sealed, e.previous_secret_sealed,
          e.previous_secret_expires_at, m.payload
        FROM claimed
        JOIN webhook_endpoints e ON e.id = claimed.endpoint_id
        JOIN webhook_messages m ON m.id = claimed.message_id`,
    );
  }

  private async deliver(row: Claimed): Promise<void> {
    const result = await sendClaimed(this.ctx, row);
    await recordTry(this.ctx, row, result);
  }
}

/** The secrets that sign now: the current one, and the previous one until it expires. */
type Sendable = Pick<
  Claimed,
  | 'message_id'
  | 'url'
  | 'secret_sealed'
  | 'previous_secret_sealed'
  | 'previous_secret_expires_at'
  | 'payload'
>;

function signingSecrets(ctx: AppContext, row: Sendable): string[] {
  const key = ctx.config.encryptionKey;
  const secrets = [decryptSecret(key, row.secret_sealed)];
  const until = row.previous_secret_expires_at ? new Date(row.previous_secret_expires_at) : null;
  if (row.previous_secret_sealed && until && until > ctx.now()) {
    secrets.push(decryptSecret(key, row.previous_secret_sealed));
  }
  return secrets;
}

/** One try of a taken delivery, signed with every secret that signs now. */
export function sendClaimed(ctx: AppContext, row: Sendable): Promise<SendResult> {
  const body = typeof row.payload === 'string' ? row.payload : JSON.stringify(row.payload);
  return sendWebhook(
    row.url,
    { messageId: row.message_id, body, secrets: signingSecrets(ctx, row) },
    { allowPrivate: ctx.config.allowPrivateOutbound },
  );
}

/**
 * Writes how a try went: done, another try later, or given up. An event's own delivery given up
 * after three days disables its endpoint and tells the owner; a try asked for by hand gives up
 * only itself.
 */
export async function recordTry(
  ctx: AppContext,
  row: Pick<Claimed, 'id' | 'endpoint_id' | 'attempts' | 'manual' | 'give_up_at'>,
  result: SendResult,
): Promise<void> {
  const now = ctx.now();
  const outcome = {
    lastAttemptAt: now,
    responseStatus: result.status,
    durationMs: result.durationMs,
    lastError: result.ok ? null : (result.error ?? `HTTP ${result.status}`),
  };
  const exhausted = !result.ok && now >= new Date(row.give_up_at);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE webhook_deliveries SET
        status = ${result.ok ? 'succeeded' : exhausted ? 'failed' : 'pending'},
        next_attempt_at = ${
          result.ok || exhausted ? now : new Date(now.getTime() + webhookRetryDelayMs(row.attempts))
        },
        last_attempt_at = ${outcome.lastAttemptAt},
        response_status = ${outcome.responseStatus},
        duration_ms = ${outcome.durationMs},
        last_error = ${outcome.lastError}
      WHERE id = ${row.id}`);
    if (exhausted && !row.manual) {
      await giveUpEndpoint({ ...ctx, db: tx }, row.endpoint_id, outcome.lastError ?? '');
    }
  });
}
