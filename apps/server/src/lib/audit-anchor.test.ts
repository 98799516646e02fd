import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditEvents, outbox } from '../db/schema/index';
import { buildTestApp } from '../../test/build-test-app';
import { removeNewestRows } from '../../test/audit-tamper';
import { bearer, randomIp, signedInUser } from '../../test/identity-helpers';
import { createTestConfig, TEST_AUDIT_KEY } from '../../test/test-config';
import { createTestDatabase } from '../../test/test-database';
import { recordAudit } from './audit';
import { AuditAnchors, readAnchorFile } from './audit-anchor';
import { verifyAuditLog } from './audit-verify';
import { createMailQueue } from './mail/mail-transport';

// One database of its own on PostgreSQL too: an anchor covers every chain there is, so another
// file's rows would move heads under these tests.
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase({ alone: true });
});

afterAll(async () => {
  await database.close();
});

const anchorFile = () =>
  join(mkdtempSync(join(tmpdir(), 'pp-anchor-')), 'anchors', 'audit-anchors');

function anchorsOn(file: string, options: { now?: () => Date; mailTo?: string[] } = {}) {
  const logLines: string[] = [];
  const log = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
  }).log;
  const anchors = new AuditAnchors({
    db: database.db,
    key: TEST_AUDIT_KEY,
    file,
    log,
    now: options.now ?? (() => new Date()),
    mail: createMailQueue(database.db, 'Partner Portal <no-reply@localhost>'),
    mailTo: options.mailTo ?? [],
  });
  return { anchors, logLines };
}

async function record(chain: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    await recordAudit(database.db, {
      at: new Date(),
      accountId: chain,
      actorType: 'user',
      actorId: randomUUID(),
      action: 'auth.signin',
      outcome: 'success',
    });
  }
}

async function headOf(chain: string) {
  const [head] = await database.db
    .select({ seq: auditEvents.seq, hash: auditEvents.hash })
    .from(auditEvents)
    .where(eq(auditEvents.chain, chain))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  return head;
}

const fileLines = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { reason: string; heads: [string, number, string][] });

describe('audit log anchors', () => {
  it('write the heads that moved to a 0600 file, the log and the operators’ mail', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await record(a, 2);
    await record(b, 1);
    const file = anchorFile();
    const { anchors, logLines } = anchorsOn(file, { mailTo: ['ops@example.com'] });

    expect(await anchors.anchor('export')).toBeGreaterThanOrEqual(2);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const [first] = fileLines(file);
    const headA = await headOf(a);
    expect(first?.reason).toBe('export');
    expect(first?.heads).toContainEqual([a, 2, headA?.hash]);
    expect(first?.heads).toContainEqual([b, 1, (await headOf(b))?.hash]);
    expect(logLines.join('')).toContain(headA?.hash);
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'ops@example.com'), eq(outbox.template, 'audit_anchor')));
    expect(mail?.text).toContain(`${a} #2 ${headA?.hash}`);

    // Nothing moved: nothing written. One chain moved: that one alone.
    expect(await anchors.anchor('export')).toBe(0);
    await record(a, 1);
    expect(await anchors.anchor('scheduled')).toBe(1);
    expect(fileLines(file).map((line) => line.heads)).toEqual([
      first?.heads,
      [[a, 3, (await headOf(a))?.hash]],
    ]);
    // A new process on the same file starts from what the file holds.
    expect(await anchorsOn(file).anchors.anchor('scheduled')).toBe(0);
  });

  it('anchor from the background job at most once an hour', async () => {
    let now = new Date('2031-01-01T00:00:00Z');
    const chain = randomUUID();
    await record(chain, 1);
    const { anchors } = anchorsOn(anchorFile(), { now: () => now });
    expect(await anchors.anchorIfDue()).toBeGreaterThan(0);
    await record(chain, 1);
    now = new Date('2031-01-01T00:59:00Z');
    expect(await anchors.anchorIfDue()).toBe(0);
    now = new Date('2031-01-01T01:00:00Z');
    expect(await anchors.anchorIfDue()).toBe(1);
  });

  it('let the verifier find rows removed from the end, and an untouched log intact', async () => {
    const [untouched, truncated] = [randomUUID(), randomUUID()];
    await record(untouched, 3);
    await record(truncated, 3);
    const file = anchorFile();
    await anchorsOn(file).anchors.anchor('scheduled');
    await removeNewestRows(database.db, truncated, 2);

    const { heads, refused } = readAnchorFile(file, TEST_AUDIT_KEY);
    expect(refused).toEqual([]);
    const reports = await verifyAuditLog(database.db, undefined, { anchors: heads });
    expect(reports.find((report) => report.chain === untouched)).toEqual({
      chain: untouched,
      rows: 3,
      broken: null,
    });
    expect(reports.find((report) => report.chain === truncated)).toEqual({
      chain: truncated,
      rows: 1,
      broken: { id: null, seq: 3, reason: 'truncated' },
    });
    // The file read with another key vouches for nothing.
    expect(readAnchorFile(file, 'another-audit-key-that-is-long-enough-0123').refused).toEqual([1]);
  });

  it('are written on every audit export, its own row included', async () => {
    const file = anchorFile();
    const config = createTestConfig({
      AUDIT_ANCHOR_FILE: file,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      OPERATOR_EMAIL: 'oncall@example.com',
    });
    const { app } = await buildTestApp(database, { config });
    try {
      const owner = await signedInUser(app, database.db, { permission: 'owner' });
      const exported = await app.inject({
        method: 'GET',
        url: '/api/audit.csv',
        headers: bearer(owner.token),
        remoteAddress: randomIp(),
      });
      expect(exported.statusCode).toBe(200);
      const [newest] = await database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.chain, owner.account.id))
        .orderBy(desc(auditEvents.seq))
        .limit(1);
      expect(newest?.action).toBe('audit.exported');
      expect(fileLines(file).at(-1)).toMatchObject({ reason: 'export' });
      expect(fileLines(file).at(-1)?.heads).toContainEqual([
        owner.account.id,
        newest?.seq,
        newest?.hash,
      ]);
      const mails = await database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, 'oncall@example.com'), eq(outbox.template, 'audit_anchor')));
      expect(mails.length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});
