import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { auditEvents } from '../../db/schema/index';
import { recordAudit } from '../../lib/audit';
import { AuditAnchors } from '../../lib/audit-anchor';
import { createMailQueue } from '../../lib/mail/mail-transport';
import { forgeWithoutKey, removeNewestRows } from '../../../test/audit-tamper';
import { runAdmin } from '../../../test/spawned-server';
import { TEST_AUDIT_KEY } from '../../../test/test-config';
import { migratedDataDir } from '../../../test/test-database';

/** The command as an operator runs it, with the key the rows were written with unless told. */
async function auditVerify(dataDir: string, auditKey = TEST_AUDIT_KEY) {
  const { code, output } = await runAdmin(dataDir, ['audit-verify'], { AUDIT_KEY: auditKey });
  return { code, out: output };
}

async function signIns(db: Db, account: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    await recordAudit(db, {
      at: new Date(),
      accountId: account,
      actorType: 'user',
      actorId: randomUUID(),
      action: 'auth.signin',
      outcome: 'success',
    });
  }
}

/** What the server's hourly job or an export does: the chain heads go to DATA_DIR's anchor file. */
function anchor(db: Db, dataDir: string) {
  return new AuditAnchors({
    db,
    key: TEST_AUDIT_KEY,
    file: join(dataDir, 'audit-anchors'),
    log: Fastify({ logger: false }).log,
    now: () => new Date(),
    mail: createMailQueue(db, 'Partner Portal <no-reply@localhost>'),
    mailTo: [],
  }).anchor('scheduled');
}

/** Opens the data dir's embedded database for `work`, and closes it for the command to take. */
async function withDataDir(dataDir: string, work: (db: Db) => Promise<void>) {
  const database = await openDatabase({ dataDir: await migratedDataDir(dataDir) });
  try {
    await migrateDatabase(database);
    await work(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run admin -- audit-verify', () => {
  it('finds the chains intact, then names the row someone edited behind the app’s back', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pp-audit-')), 'data');
    const account = randomUUID();
    await withDataDir(dataDir, async (db) => {
      for (const action of ['auth.signin', 'api_key.created', 'auth.signout'] as const) {
        await recordAudit(db, {
          at: new Date(),
          accountId: account,
          actorType: 'user',
          actorId: randomUUID(),
          action,
          outcome: 'success',
        });
      }
    });
    await withDataDir(dataDir, (db) => anchor(db, dataDir).then(() => undefined));
    const intact = await auditVerify(dataDir);
    expect(intact.code, intact.out).toBe(0);
    expect(intact.out).toContain('anchors  1 in');
    expect(intact.out).toContain(`ok       ${account}: 3 rows`);

    await withDataDir(dataDir, async (db) => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
        await tx
          .update(auditEvents)
          .set({ action: 'api_key.deleted' })
          .where(sql`${auditEvents.chain} = ${account} and ${auditEvents.seq} = 2`);
        await tx.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
      });
    });
    const broken = await auditVerify(dataDir);
    expect(broken.code).toBe(1);
    expect(broken.out).toMatch(
      new RegExp(`BROKEN   ${account}: row \\d+ \\(seq 2\\) fails its hash check`),
    );
    expect(broken.out).toContain('0 chains intact, 1 broken');
  });

  it('reports a row forged with recomputed plain hashes and rows removed after an anchor', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pp-audit-')), 'data');
    const [untouched, forged, truncated] = [randomUUID(), randomUUID(), randomUUID()];
    await withDataDir(dataDir, async (db) => {
      for (const chain of [untouched, forged, truncated]) await signIns(db, chain, 3);
      await anchor(db, dataDir);
      await forgeWithoutKey(db, forged, 2, { outcome: 'failure' });
      await removeNewestRows(db, truncated, 1);
    });
    const result = await auditVerify(dataDir);
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain(`ok       ${untouched}: 3 rows`);
    expect(result.out).toMatch(
      new RegExp(`BROKEN   ${forged}: row \\d+ \\(seq 2\\) fails its key check`),
    );
    expect(result.out).toContain(
      `BROKEN   ${truncated}: rows up to seq 3 are missing: the anchor of`,
    );
    expect(result.out).toContain('1 chains intact, 2 broken');
  });

  it('reports every row and anchor as broken when run with another AUDIT_KEY', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'pp-audit-')), 'data');
    const account = randomUUID();
    await withDataDir(dataDir, async (db) => {
      await signIns(db, account, 2);
      await anchor(db, dataDir);
    });
    const result = await auditVerify(dataDir, 'another-audit-key-that-is-long-enough-0123');
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain(
      'BROKEN   anchor file line 1: not an anchor made with this AUDIT_KEY',
    );
    expect(result.out).toMatch(
      new RegExp(`BROKEN   ${account}: row \\d+ \\(seq 1\\) fails its hash check`),
    );
  });
});
