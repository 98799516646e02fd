import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { findPlan, type PlanId } from '@partner-portal/shared/plans';
import { accounts, localCustomers, localInvoices, localSubscriptions } from '../../db/schema/index';
import {
  apiCall,
  cardToken,
  payingOwner,
  postAuthenticate,
  postUpgrade,
} from '../../../test/billing-helpers';
import { signedInUser } from '../../../test/identity-helpers';
import { createTestContext } from '../../../test/test-context';
import { useTestApp } from '../../../test/use-test-app';
import { runBillingTick } from './billing-job';
import { localProcessorDeps } from './create-billing-provider';
import { advanceCustomerClock } from './local-processor/processor-renewals';

/*
 * docs/billing.md "One billing lock per account": approving 3-D Secure, changing plan, upgrading,
 * downgrading, cancelling and renewing fired at once against one account, on the built-in
 * processor. Runs on PGlite and PostgreSQL (locks differ). BILLING_RACES sets how many seeded
 * races run (20 by default); BILLING_RACES_SEED replays one run.
 */
const env = useTestApp();
const db = () => env.database.db;
const RACES = Number(process.env.BILLING_RACES ?? 20);
const SEED = Number(process.env.BILLING_RACES_SEED ?? 37);
const AUTH_CARD = '4000 0025 0000 3155';
const PAID: PlanId[] = ['free_plus', 'free_plus_ai', 'free_pro'];
const DAY_MS = 86_400_000;

/** mulberry32: a small seeded generator, so a failing race can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Start = 'first_payment_waiting' | 'upgrade_waiting' | 'renewal_due';
const OPS = ['approve', 'change', 'upgrade', 'downgrade', 'cancel', 'renew'] as const;

/** An account in one of the states a race starts from, and the payment waiting, if any. */
async function startingAccount(start: Start, rng: () => number) {
  const pick = <T>(items: readonly T[]) => items[Math.floor(rng() * items.length)] as T;
  if (start === 'first_payment_waiting') {
    const owner = await signedInUser(env.app, db(), { permission: 'owner' });
    const token = await cardToken(env.app, owner.token, AUTH_CARD);
    const answer = await postUpgrade(env.app, owner.token, { plan: pick(PAID), token });
    return { owner, token, secret: answer.json().data.client_secret as string };
  }
  const owner = await payingOwner(env.app, db(), 'free_plus', AUTH_CARD);
  const token = owner.cardToken;
  if (start === 'upgrade_waiting') {
    const plan = pick(['free_plus_ai', 'free_pro'] as const);
    const answer = await apiCall(env.app, owner.token, 'POST', '/api/account/plan', { plan });
    return { owner, token, secret: answer.json().data.client_secret as string };
  }
  const [account] = await db().select().from(accounts).where(eq(accounts.id, owner.account.id));
  const ctx = createTestContext(env.database);
  const deps = localProcessorDeps(ctx.config, db(), ctx.now);
  await advanceCustomerClock(deps, account?.billingCustomerId ?? '', 31 * DAY_MS);
  return { owner, token, secret: null };
}

/**
 * The payment that set a subscription's plan last. Not the newest created_at: it defaults to
 * now(), when the writing transaction began, and on PostgreSQL a transaction that begins first
 * may take the billing lock second, so a renewal can be stamped before the upgrade it followed.
 * Every payment is taken under the lock, and paid_at is the customer's clock as it was paid, so
 * it follows the order of the writes; the number, also taken under the lock, breaks a tie.
 */
function lastPaid(invoices: (typeof localInvoices.$inferSelect)[]) {
  const paidAt = (invoice: typeof localInvoices.$inferSelect) => invoice.paidAt?.getTime() ?? 0;
  return [...invoices].sort((x, y) => paidAt(y) - paidAt(x) || y.number.localeCompare(x.number))[0];
}

/** What the processor charged and what the account is given, after the race. */
async function checkBooks(accountId: string) {
  const [account] = await db().select().from(accounts).where(eq(accounts.id, accountId));
  const customerId = account?.billingCustomerId ?? '';
  const [customer] = await db()
    .select()
    .from(localCustomers)
    .where(eq(localCustomers.id, customerId));
  const customerNow = new Date(Date.now() + (customer?.clockOffsetMs ?? 0));
  const subs = await db()
    .select()
    .from(localSubscriptions)
    .where(eq(localSubscriptions.customerId, customerId));
  const paid = (
    await db().select().from(localInvoices).where(eq(localInvoices.customerId, customerId))
  ).filter((invoice) => invoice.status === 'paid');
  const problems: string[] = [];
  // Two subscriptions paid for the same time, or one period billed twice: a double charge.
  for (const a of paid) {
    for (const b of paid) {
      if (a.id >= b.id) continue;
      const overlap = a.periodStart < b.periodEnd && b.periodStart < a.periodEnd;
      const samePeriod =
        a.periodStart.getTime() === b.periodStart.getTime() &&
        a.periodEnd.getTime() === b.periodEnd.getTime();
      if ((a.subscriptionId !== b.subscriptionId && overlap) || samePeriod) {
        problems.push(`double charge: ${a.number} (${a.total}) and ${b.number} (${b.total})`);
      }
    }
  }
  // Every paid period still running is granted: its subscription lives, on the plan paid for.
  for (const sub of subs) {
    const own = paid.filter((invoice) => invoice.subscriptionId === sub.id);
    const running = own.filter((invoice) => invoice.periodEnd > customerNow);
    if (running.length && !['active', 'past_due'].includes(sub.status)) {
      problems.push(`paid but ended: ${sub.id} ${sub.status} (${running.length} paid)`);
    }
    if (sub.status !== 'active') continue;
    const latest = lastPaid(own);
    const name = findPlan(sub.plan as PlanId)?.name;
    if (!latest?.lines.some((line) => line.amount > 0 && line.description === name)) {
      problems.push(`granted unpaid: ${sub.plan} without a paid invoice for it`);
    }
    if (account?.plan !== sub.plan) problems.push(`account ${account?.plan} ≠ paid ${sub.plan}`);
  }
  // Every paid plan granted has a subscription paying for it (or in dunning).
  if (account && findPlan(account.plan as PlanId)?.requiresCard) {
    const live = subs.find((sub) => ['active', 'past_due'].includes(sub.status));
    if (!live && account.subscriptionStatus === 'active') {
      problems.push(`granted ${account.plan} with nothing paying for it`);
    }
  }
  return problems;
}

describe('billing writes of one account racing each other', () => {
  it('reads the books in the order they were paid, whenever each transaction began', async ({
    skip,
  }) => {
    // PGlite runs one transaction at a time: the one that begins first also locks first.
    if (env.database.kind !== 'postgres') skip();
    const { owner } = await startingAccount('renewal_due', seeded(SEED));
    const [account] = await db().select().from(accounts).where(eq(accounts.id, owner.account.id));
    const customerId = account?.billingCustomerId ?? '';
    const ctx = createTestContext(env.database);
    // The renewal job's transaction begins (fixing now(), every created_at it writes), then a
    // plan change takes the billing lock first, as it did in CI under load: Plus → Pro after the
    // period ended costs nothing, and the renewal that follows charges Pro for the next period.
    await db().transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      const change = await apiCall(env.app, owner.token, 'POST', '/api/account/plan', {
        plan: 'free_pro',
      });
      expect(change.statusCode).toBe(200);
      const job = { ...ctx, db: tx, billing: ctx.billing.inTransaction?.(tx) ?? ctx.billing };
      await runBillingTick(job, { customerId });
    });
    const invoices = await db()
      .select()
      .from(localInvoices)
      .where(eq(localInvoices.customerId, customerId));
    const upgrade = invoices.find((invoice) => invoice.lines.some((line) => line.proration));
    const renewal = invoices.find((invoice) =>
      invoice.lines.some((line) => line.description === 'Pro' && !line.proration),
    );
    expect([upgrade?.status, upgrade?.total, renewal?.status]).toEqual(['paid', 0, 'paid']);
    expect(renewal?.total).toBeGreaterThan(0);
    // Written after the upgrade, stamped before it.
    expect(renewal!.createdAt.getTime()).toBeLessThan(upgrade!.createdAt.getTime());
    expect(await checkBooks(owner.account.id)).toEqual([]);
  });

  it(
    `${RACES} seeded races: no 5xx, no double charge, charged ⇔ entitled`,
    async () => {
      const ctx = createTestContext(env.database);
      const failures: string[] = [];
      for (let race = 0; race < RACES; race += 1) {
        const rng = seeded(SEED * 1000 + race);
        const pick = <T>(items: readonly T[]) => items[Math.floor(rng() * items.length)] as T;
        const start = pick(['first_payment_waiting', 'upgrade_waiting', 'renewal_due'] as const);
        const { owner, token, secret } = await startingAccount(start, rng);
        const ops = Array.from({ length: 2 + Math.floor(rng() * 3) }, () => pick(OPS)).filter(
          (op) => op !== 'approve' || secret,
        );
        if (secret && !ops.includes('approve')) ops.push('approve');
        const plan = (path: string, body: Record<string, unknown>) =>
          apiCall(env.app, owner.token, 'POST', path, body).then((answer) => answer.statusCode);
        const fire = (op: (typeof OPS)[number]): Promise<number> => {
          switch (op) {
            case 'approve':
              return postAuthenticate(env.app, owner.token, secret ?? '', 'complete').then(
                (answer) => answer.statusCode,
              );
            case 'change':
              return plan('/api/account/plan', { plan: pick(PAID) });
            case 'upgrade':
              return plan('/api/account/upgrade', { plan: pick(PAID), token });
            case 'downgrade':
              return plan('/api/account/plan', { plan: 'free_plus' });
            case 'cancel':
              return plan('/api/account/plan', { plan: 'free_core' });
            case 'renew':
              return runBillingTick(ctx).then(() => 200);
          }
        };
        const statuses = await Promise.all(ops.map((op) => fire(op).catch(() => 599)));
        // The renewal job runs every minute: what it would settle next is settled before the books
        // are checked (an upgrade just after a period ended is charged at that renewal).
        await runBillingTick(ctx);
        const label = `race ${race} (${start}: ${ops.join(', ')})`;
        statuses.forEach((status, i) => {
          if (status >= 500) failures.push(`${label}: ${ops[i]} answered ${status}`);
        });
        for (const problem of await checkBooks(owner.account.id)) {
          failures.push(`${label}: ${problem}`);
        }
      }
      expect(failures).toEqual([]);
    },
    RACES * 10_000,
  );
});
