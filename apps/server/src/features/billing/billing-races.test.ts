import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PlanId } from '@partner-portal/shared/plans';
import { accounts } from '../../db/schema/index';
import { checkBooks } from '../../../test/billing-books';
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

describe('billing writes of one account racing each other', () => {
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
        for (const problem of await checkBooks(db(), owner.account.id)) {
          failures.push(`${label}: ${problem}`);
        }
      }
      expect(failures).toEqual([]);
    },
    RACES * 10_000,
  );
});
