import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { users } from '../../db/schema/index';
import { createUser, supportAllowed } from '../../../test/factories';
import { enableTwoFactor } from '../../../test/identity-helpers';
import { runAdmin } from '../../../test/spawned-server';
import { migratedDataDir } from '../../../test/test-database';

/** Opens the data dir's embedded database for `work`, and closes it for the command to take. */
async function withDataDir<T>(dataDir: string, work: (db: Database['db']) => Promise<T>) {
  const database = await openDatabase({ dataDir: await migratedDataDir(dataDir) });
  try {
    await migrateDatabase(database);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run admin -- impersonate (docs/security.md#operator-console)', () => {
  it('needs a reason and an operator with 2FA, saying so on stderr with a non-zero exit', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pp-impersonate-')), 'data');
    const { operator, target } = await withDataDir(dataDir, async (db) => {
      const { user: master } = await createUser(db, { permission: 'master' });
      const { user } = await createUser(db, { permission: 'owner' });
      await db.update(users).set(supportAllowed()).where(eq(users.id, user.id));
      return { operator: master.email, target: user.email };
    });
    const impersonate = (...extra: string[]) =>
      runAdmin(dataDir, ['impersonate', target, '--by', operator, ...extra]);

    const noReason = await impersonate();
    expect(noReason.code).toBe(1);
    expect(noReason.out).toBe('');
    expect(noReason.err).toContain('A reason is required (--reason "…", 5 to 500 characters)');

    const no2fa = await impersonate('--reason', 'Ticket 90: export fails');
    expect(no2fa.code).toBe(1);
    expect(no2fa.out).toBe('');
    expect(no2fa.err).toContain(`${operator} has not turned on two-factor authentication`);

    await withDataDir(dataDir, async (db) => {
      const [master] = await db.select().from(users).where(eq(users.email, operator));
      await enableTwoFactor(db, master!.id);
    });
    const minted = await impersonate('--reason', 'Ticket 90: export fails');
    expect(minted.code, minted.err).toBe(0);
    expect(minted.out).toMatch(/\/signin\/impersonate\?token=[\w-]{43}\n$/);
    // Four commands, each starting TypeScript and opening the embedded database.
  }, 180_000);
});
