import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { auditEvents } from '../../db/schema/index';
import { recordAudit } from '../../lib/audit';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));

function auditVerify(dataDir: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'audit-verify'], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** Opens the data dir's embedded database for `work`, and closes it for the command to take. */
async function withDataDir(
  dataDir: string,
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>,
) {
  const database = await openDatabase({ dataDir });
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
    const intact = await auditVerify(dataDir);
    expect(intact.code, intact.out).toBe(0);
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
});
