import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PaymentAction } from '@partner-portal/shared/billing';
import { openDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { accounts, subscriptions } from '../../db/schema/index';
import { createUser } from '../../../test/factories';
import { runAdmin } from '../../../test/spawned-server';
import { TEST_AUDIT_KEY } from '../../../test/test-config';
import { createTestContext } from '../../../test/test-context';
import { migratedDataDir } from '../../../test/test-database';
import { customerIdOf } from './billing-customer';
import { localProcessorDeps, localProcessorKey } from './create-billing-provider';
import { authenticatePayment } from './local-processor/processor-authenticate';
import { tokenizeCard } from './local-processor/processor-cards';
import { upgradeAccount } from './upgrade.service';

/*
 * `npm run admin -- billing-reconcile` (docs/billing.md "Reconciliation"), on the built-in
 * processor's embedded database: it prints the payment the app missed and what it did, then
 * nothing to change on a second run.
 */

// The CLI derives the processor's key from the same secret as the test context.
const SESSION_SECRET = 'test-session-secret-that-is-long-enough-123';

async function billingReconcile(dataDir: string) {
  const env = { AUDIT_KEY: TEST_AUDIT_KEY, SESSION_SECRET };
  const { code, output } = await runAdmin(dataDir, ['billing-reconcile'], env);
  return { code, out: output };
}

/** Plus AI approved at the processor while the server died before recording it. */
async function paidButUnrecorded(database: Database): Promise<string> {
  const ctx = createTestContext(database);
  const owner = await createUser(database.db, { permission: 'owner' });
  const card = await tokenizeCard(
    database.db,
    localProcessorKey(ctx.config),
    { number: '4000 0025 0000 3155', expiry: '12/34', cvc: '123', name: 'Ada Lovelace' },
    new Date(),
  );
  const caller = {
    actor: {
      userId: owner.user.id,
      accountId: owner.account.id,
      sessionId: randomUUID(),
      permission: 'owner' as const,
      impersonatorId: null,
      label: owner.user.email,
      keyId: null,
      expiresAt: new Date(Date.now() + 3_600_000),
    },
    meta: { ip: '127.0.0.1', userAgent: null },
  };
  const answer = await upgradeAccount(ctx, caller, { plan: 'free_plus_ai', token: card.token });
  const deps = localProcessorDeps(ctx.config, database.db, ctx.now);
  const customerId = await customerIdOf(ctx, owner.account.id);
  await authenticatePayment(deps, (answer as PaymentAction).client_secret, 'complete', customerId);
  // Minutes ago: past the grace in which its request could still be recording it.
  const then = new Date(Date.now() - 5 * 60_000);
  await database.db
    .update(subscriptions)
    .set({ createdAt: then, updatedAt: then })
    .where(eq(subscriptions.accountId, owner.account.id));
  return owner.account.id;
}

describe('npm run admin -- billing-reconcile', () => {
  it('prints the payment the app missed and grants it, then prints no changes on a second run', async () => {
    const dataDir = await migratedDataDir(
      join(mkdtempSync(join(tmpdir(), 'pp-reconcile-')), 'data'),
    );
    let accountId = '';
    const database = await openDatabase({ dataDir });
    try {
      await migrateDatabase(database);
      accountId = await paidButUnrecorded(database);
    } finally {
      await database.close();
    }

    const first = await billingReconcile(dataDir);
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(
      `account ${accountId}: app had free_plus_ai incomplete, provider had free_plus_ai active → recorded the provider's state; account now free_plus_ai active`,
    );
    expect(first.out).toContain('1 subscription(s) corrected from the payment provider.');

    const second = await billingReconcile(dataDir);
    expect(second.code, second.out).toBe(0);
    expect(second.out).not.toContain(accountId);
    expect(second.out).toContain('Billing agrees with the payment provider: no changes.');

    const after = await openDatabase({ dataDir });
    try {
      const [account] = await after.db.select().from(accounts).where(eq(accounts.id, accountId));
      expect(account).toMatchObject({ plan: 'free_plus_ai', subscriptionStatus: 'active' });
    } finally {
      await after.close();
    }
  }, 120_000);
});
