import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { accounts, outbox, subscriptions } from '../../db/schema/index';
import type { AppContext } from '../../lib/app-context';
import type { Actor } from '../../lib/auth-guard';
import type { FakeStripe } from '../../../test/fake-stripe/fake-stripe-server';
import { fakeStripeProvider, startFakeStripe } from '../../../test/fake-stripe/stripe-test-setup';
import { createUser } from '../../../test/factories';
import { createTestContext } from '../../../test/test-context';
import { createTestDatabase } from '../../../test/test-database';
import type { BillingProvider, SubscriptionSnapshot } from '../../lib/billing-provider';
import { ensureCustomer } from './billing-customer';
import { localProcessorKey } from './create-billing-provider';
import { tokenizeCard } from './local-processor/processor-cards';
import {
  ATTEMPT_ABANDONED_MS,
  ATTEMPT_GRACE_MS,
  reconcileBilling,
} from './billing-reconcile.service';
import { upgradeAccount } from './upgrade.service';

/*
 * A first payment taken while the server died (docs/billing.md "A payment taken while the server
 * died"): the upgrade dies right after the provider answered, before the app recorded it; the
 * job finds the subscription by the attempt's key and records it, on both providers.
 */

let database: Database;
let fake: FakeStripe;
let clock = new Date();
const db = () => database.db;

beforeAll(async () => {
  // Alone: the job scans every unrecorded attempt, and must not touch other files' rows.
  database = await createTestDatabase({ alone: true });
  fake = await startFakeStripe();
});
afterAll(async () => {
  await database.close();
  await fake.close();
});

interface Setup {
  ctx: AppContext;
  /** A card token made the way that provider's card form makes one. */
  token(): Promise<string>;
}

const setups: Record<'built-in processor' | 'Stripe', () => Setup> = {
  'built-in processor': () => {
    const ctx = createTestContext(database, () => clock);
    return {
      ctx,
      token: async () =>
        (
          await tokenizeCard(
            db(),
            localProcessorKey(ctx.config),
            { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
            clock,
          )
        ).token,
    };
  },
  Stripe: () => ({
    ctx: { ...createTestContext(database, () => clock), billing: fakeStripeProvider(fake) },
    token: async () => String(fake.books.paymentMethod('pm_card_visa').id),
  }),
};

function actorOf(owner: Awaited<ReturnType<typeof createUser>>): Actor {
  return {
    userId: owner.user.id,
    accountId: owner.account.id,
    sessionId: randomUUID(),
    permission: 'owner',
    impersonatorId: null,
    label: owner.user.email,
    keyId: null,
    expiresAt: new Date(Date.now() + 3_600_000),
  };
}

function callerOf(owner: Awaited<ReturnType<typeof createUser>>) {
  return { actor: actorOf(owner), meta: { ip: '127.0.0.1', userAgent: null } };
}

async function rowsOf(accountId: string) {
  return db().select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
}

async function accountOf(accountId: string) {
  const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  return account;
}

async function planMailsTo(email: string) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.template, 'plan_updated')));
}

/** An owner with a customer at the provider and an attempt of `createdAt` the provider never saw. */
async function ownerWithAttempt(ctx: AppContext, createdAt: Date) {
  const owner = await createUser(db(), { permission: 'owner' });
  await ensureCustomer(ctx, owner.account.id);
  const [row] = await db()
    .insert(subscriptions)
    .values({
      accountId: owner.account.id,
      provider: ctx.billing.kind,
      plan: 'free_plus',
      status: 'incomplete',
      idempotencyKey: randomUUID(),
      createdAt,
    })
    .returning();
  if (!row) throw new Error('attempt not inserted');
  return { owner, row };
}

describe.each(Object.keys(setups) as (keyof typeof setups)[])('%s', (name) => {
  it('records a payment taken while the upgrade died: the plan granted, the owner mailed once', async () => {
    clock = new Date();
    const { ctx, token } = setups[name]();
    const owner = await createUser(db(), { permission: 'owner' });
    let made: SubscriptionSnapshot | null = null;
    // The process dies right after the provider answered, before settle() records it.
    const dying = (base: BillingProvider): BillingProvider => ({
      ...base,
      // Bound to the billing lock's transaction (billing-lock.ts), it still dies.
      ...(base.inTransaction
        ? { inTransaction: (tx: Db) => dying(base.inTransaction?.(tx) ?? base) }
        : {}),
      async createSubscription(input) {
        made = await base.createSubscription(input);
        throw new Error('killed after the provider answered');
      },
    });
    await expect(
      upgradeAccount({ ...ctx, billing: dying(ctx.billing) }, callerOf(owner), {
        plan: 'free_plus',
        token: await token(),
      }),
    ).rejects.toThrow('killed');
    const paid = made as SubscriptionSnapshot | null;
    expect(paid?.status).toBe('active');
    expect(await rowsOf(owner.account.id)).toMatchObject([
      { status: 'incomplete', providerSubscriptionId: null },
    ]);
    expect(await accountOf(owner.account.id)).toMatchObject({ plan: 'free_core' });

    // Within the grace the request may still be recording it: the job leaves it alone.
    expect((await reconcileBilling(ctx)).length).toBe(0);
    expect((await rowsOf(owner.account.id))[0]?.providerSubscriptionId).toBeNull();

    clock = new Date(Date.now() + ATTEMPT_GRACE_MS + 1_000);
    // Two instances at once: one records it and announces it.
    const counts = await Promise.all([reconcileBilling(ctx), reconcileBilling(ctx)]);
    if (name === 'built-in processor') {
      // Its books are written in the request's billing transaction: the payment died with it,
      // so nothing was charged and there is no payment to grant.
      expect(await ctx.billing.getSubscription(paid?.id ?? '').catch(() => null)).toBeNull();
      expect(await accountOf(owner.account.id)).toMatchObject({ plan: 'free_core' });
      return;
    }
    expect(counts[0].length + counts[1].length).toBe(1);
    expect(await rowsOf(owner.account.id)).toMatchObject([
      { status: 'active', plan: 'free_plus', providerSubscriptionId: paid?.id, endedAt: null },
    ]);
    expect(await accountOf(owner.account.id)).toMatchObject({
      plan: 'free_plus',
      subscriptionStatus: 'active',
    });
    expect(await planMailsTo(owner.user.email)).toHaveLength(1);

    expect((await reconcileBilling(ctx)).length).toBe(0);
    expect(await planMailsTo(owner.user.email)).toHaveLength(1);
  });

  it('ends an abandoned attempt the provider never saw; a young one and a recent one wait', async () => {
    clock = new Date(Date.now() + ATTEMPT_GRACE_MS + 1_000);
    const { ctx } = setups[name]();
    const at = (ago: number) => new Date(clock.getTime() - ago);
    const abandoned = await ownerWithAttempt(ctx, at(ATTEMPT_ABANDONED_MS + 60_000));
    const recent = await ownerWithAttempt(ctx, at(ATTEMPT_GRACE_MS + 60_000));
    const young = await ownerWithAttempt(ctx, at(ATTEMPT_GRACE_MS / 4));

    expect((await reconcileBilling(ctx)).length).toBe(1);
    expect(await rowsOf(abandoned.owner.account.id)).toMatchObject([
      { status: 'incomplete_expired', endedAt: clock, providerSubscriptionId: null },
    ]);
    expect(await accountOf(abandoned.owner.account.id)).toMatchObject({
      plan: 'free_core',
      subscriptionStatus: 'active',
    });
    // Maybe still being paid: the provider is asked again on the next run.
    for (const waiting of [recent, young]) {
      expect(await rowsOf(waiting.owner.account.id)).toMatchObject([
        { id: waiting.row.id, status: 'incomplete', providerSubscriptionId: null, endedAt: null },
      ]);
    }
    expect(await planMailsTo(abandoned.owner.user.email)).toEqual([]);
  });
});
