import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../client';
import { accounts, accountUsers, reportRows, users } from '../schema/index';
import { seedPaidSubscription } from '../../features/billing/local-processor/processor-demo';
import { hashPassword } from '../../lib/password';
import { NORTHWIND_REPORT, SOLO_REPORT } from './demo-report-plan';
import { DEMO_PASSWORD } from './demo-password';
import { generateReportRows } from './report-generator';

/** Issue 5 "Demo data": exactly these people, in these accounts. */
const DEMO_USERS = [
  {
    email: 'owner@demo.test',
    firstName: 'Olivia',
    lastName: 'Owner',
    account: 'northwind',
    permission: 'owner',
  },
  {
    email: 'admin@demo.test',
    firstName: 'Adam',
    lastName: 'Admin',
    account: 'northwind',
    permission: 'admin',
  },
  {
    email: 'advertiser@demo.test',
    firstName: 'Ava',
    lastName: 'Advertiser',
    account: 'northwind',
    permission: 'advertiser',
  },
  {
    email: 'solo@demo.test',
    firstName: 'Sam',
    lastName: 'Solo',
    account: 'solo',
    permission: 'owner',
  },
] as const;

const INSERT_BATCH = 1_000;

/**
 * Seeds the demo accounts into an empty database (no users yet) and reports what it did; a
 * database with anyone in it is left alone. One transaction: a crash leaves no half seed.
 */
export async function seedDemoData(
  db: Db,
  input: {
    now: Date;
    firstPlusWorkbookId: string | null;
    log: FastifyBaseLogger;
    /** The built-in card processor's key: Northwind pays for Plus with a card on file (null:
     * the provider is Stripe, and Northwind starts on Core). */
    billingKey: Buffer | null;
  },
): Promise<boolean> {
  const [existing] = await db.select({ users: count() }).from(users);
  if ((existing?.users ?? 0) > 0) return false;

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const [northwind] = await tx
      .insert(accounts)
      .values({
        name: 'Northwind Media',
        plan: input.billingKey ? 'free_plus' : 'free_core',
        subscriptionStatus: 'active',
      })
      .returning({ id: accounts.id });
    const [solo] = await tx
      .insert(accounts)
      .values({ name: 'Solo Partner', plan: 'free_core', subscriptionStatus: 'active' })
      .returning({ id: accounts.id });
    if (!northwind || !solo) throw new Error('demo accounts not created');
    const accountIds = { northwind: northwind.id, solo: solo.id };

    for (const person of DEMO_USERS) {
      const accountId = accountIds[person.account];
      const [user] = await tx
        .insert(users)
        .values({
          email: person.email,
          firstName: person.firstName,
          lastName: person.lastName,
          passwordHash,
          verified: true,
          defaultAccountId: accountId,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('demo user not created');
      const advertiser = person.permission === 'advertiser';
      await tx.insert(accountUsers).values({
        accountId,
        userId: user.id,
        permission: person.permission,
        advertiserName: advertiser ? 'Acme Shoes' : null,
        enablePlus: advertiser,
        plusDashboards: advertiser && input.firstPlusWorkbookId ? [input.firstPlusWorkbookId] : [],
      });
    }

    if (input.billingKey) {
      await seedPaidSubscription(tx, input.billingKey, {
        accountId: northwind.id,
        name: 'Northwind Media',
        email: 'owner@demo.test',
        plan: 'free_plus',
        now: input.now,
      });
    }

    const rows = [
      ...generateReportRows({ ...NORTHWIND_REPORT, until: input.now }).map((row) => ({
        ...row,
        accountId: northwind.id,
      })),
      ...generateReportRows({ ...SOLO_REPORT, until: input.now }).map((row) => ({
        ...row,
        accountId: solo.id,
      })),
    ];
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx.insert(reportRows).values(rows.slice(start, start + INSERT_BATCH));
    }
  });

  input.log.info(
    {
      accounts: [
        'Northwind Media (free_plus, paid by card 4242, a year of invoices)',
        'Solo Partner (free_core)',
      ],
    },
    `Demo data seeded. Sign in with ${DEMO_USERS.map((u) => u.email).join(', ')} — password ${DEMO_PASSWORD}`,
  );
  return true;
}
