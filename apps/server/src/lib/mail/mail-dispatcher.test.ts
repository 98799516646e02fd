import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { outbox } from '../../db/schema/index';
import { createTestDatabase } from '../../../test/test-database';
import { MailDispatcher, retryDelayMs } from './mail-dispatcher';
import { createMailQueue, createSmtpDelivery, type OutgoingMail } from './mail-transport';

// The outbox end to end: a real database (its commit NOTIFY wakes the dispatcher) and a real
// SMTP server that can be told to refuse.
let database: Database;
let smtp: SMTPServer;
let smtpUrl = '';
let refuseNext = 0;
const received: { to: string; subject: string; messageId: string }[] = [];
const log = Fastify({ logger: false }).log;
const dispatchers: MailDispatcher[] = [];

beforeAll(async () => {
  // Alone: on PostgreSQL other files' mail would otherwise reach this file's dispatchers.
  database = await createTestDatabase({ alone: true });
  await database.listen();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((parsed) => {
        if (refuseNext > 0) {
          refuseNext -= 1;
          return callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
        }
        received.push({
          to: session.envelope.rcptTo[0]?.address ?? '',
          subject: parsed.subject ?? '',
          messageId: parsed.messageId ?? '',
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const dispatcher of dispatchers.splice(0)) await dispatcher.stop();
  await database.db.delete(outbox);
  received.length = 0;
  refuseNext = 0;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await database.close();
});

const queue = () => createMailQueue(database.db, 'Partner Portal <no-reply@example.test>');
const mail = (to: string): OutgoingMail => ({
  to,
  subject: `Hello ${to}`,
  text: 'Hi',
  html: '<p>Hi</p>',
  template: 'verify',
  locale: 'en',
});

function dispatcher(options: ConstructorParameters<typeof MailDispatcher>[3] = {}) {
  const made = new MailDispatcher(database.db, createSmtpDelivery(smtpUrl), log, options);
  dispatchers.push(made);
  return made;
}

async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('not seen in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const rowOf = async (to: string) =>
  (await database.db.select().from(outbox).where(eq(outbox.to, to)))[0];

describe('the mail outbox and its dispatcher', () => {
  it('sends a mail once its transaction commits, woken by the commit (no poll)', async () => {
    dispatcher({ pollMs: 60_000 }).start(database.onMailQueued);
    await until(() => true);
    await database.db.transaction(async (tx) => {
      await queue().send(mail('commit@example.test'), tx);
      // Inside the transaction nobody else sees the row: nothing may go out yet.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toHaveLength(0);
    });
    await until(() => received.length === 1);
    expect(received[0]?.to).toBe('commit@example.test');
    // The catcher has the message a moment before the dispatcher records it as sent.
    await until(async () => (await rowOf('commit@example.test'))?.sentAt != null);
    const row = await rowOf('commit@example.test');
    expect(row?.attempts).toBe(1);
    expect(received[0]?.messageId).toBe(`<${row?.id}@partner-portal>`);
  });

  it('sends nothing for a transaction that fails after queueing its mail', async () => {
    dispatcher({ pollMs: 100 }).start(database.onMailQueued);
    await expect(
      database.db.transaction(async (tx) => {
        await queue().send(mail('rolled-back@example.test'), tx);
        throw new Error('the change failed halfway');
      }),
    ).rejects.toThrow('halfway');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(received).toHaveLength(0);
    expect(await rowOf('rolled-back@example.test')).toBeUndefined();
  });

  it('keeps a refused mail with its error and sends it on a later try', async () => {
    refuseNext = 1;
    const first = dispatcher({ pollMs: 60_000 });
    await queue().send(mail('retry@example.test'));
    expect(await first.drain()).toBe(0);
    const failed = await rowOf('retry@example.test');
    expect(failed?.sentAt).toBeNull();
    expect(failed?.lastError).toContain('mailbox busy');
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    // Not due yet: a drain leaves it.
    expect(await first.drain()).toBe(0);
    await database.db
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outbox.to, 'retry@example.test'));
    expect(await first.drain()).toBe(1);
    expect(received.map((got) => got.to)).toEqual(['retry@example.test']);
    expect((await rowOf('retry@example.test'))?.attempts).toBe(2);
  });

  it('gives a mail up after the last try, for the operator to see', async () => {
    refuseNext = 2;
    const giving = dispatcher({ maxAttempts: 2 });
    await queue().send(mail('hopeless@example.test'));
    await giving.drain();
    await database.db.update(outbox).set({ nextAttemptAt: sql`now()` });
    await giving.drain();
    const row = await rowOf('hopeless@example.test');
    expect(row?.failedAt).not.toBeNull();
    expect(row?.sentAt).toBeNull();
    await database.db.update(outbox).set({ nextAttemptAt: sql`now()` });
    expect(await giving.drain()).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('takes again a mail whose dispatcher crashed after claiming it, once its lease is over', async () => {
    await queue().send(mail('orphan@example.test'));
    // What a crash leaves: claimed (attempts bumped, leased), never marked sent.
    await database.db
      .update(outbox)
      .set({ attempts: 1, nextAttemptAt: sql`now() + interval '5 minutes'` });
    expect(await dispatcher().drain()).toBe(0);
    await database.db.update(outbox).set({ nextAttemptAt: sql`now() - interval '1 second'` });
    expect(await dispatcher().drain()).toBe(1);
    expect(received.map((got) => got.to)).toEqual(['orphan@example.test']);
  });

  it('sends each mail once when two dispatchers drain the same outbox at the same moment', async () => {
    const addresses = Array.from({ length: 45 }, (_, index) => `many-${index}@example.test`);
    await database.db.transaction(async (tx) => {
      for (const address of addresses) await queue().send(mail(address), tx);
    });
    const [one, two] = [dispatcher({ batch: 5 }), dispatcher({ batch: 5 })];
    const counts = await Promise.all([one!.drain(), two!.drain()]);
    expect(counts[0]! + counts[1]!).toBe(45);
    expect(received.map((got) => got.to).sort()).toEqual([...addresses].sort());
  });

  it('sends only mail queued since a moment when asked (the admin CLI leaves a backlog to the servers)', async () => {
    await queue().send(mail('backlog@example.test'));
    // The backlog row is stamped a minute earlier, as one left from before the command would be.
    await database.db.update(outbox).set({ createdAt: sql`now() - interval '1 minute'` });
    const since = new Date(Date.now() - 1_000);
    await queue().send(mail('own@example.test'));
    expect(await dispatcher().drain(since)).toBe(1);
    expect(received.map((got) => got.to)).toEqual(['own@example.test']);
    expect((await rowOf('backlog@example.test'))?.sentAt).toBeNull();
    expect(await dispatcher().drain()).toBe(1);
  });

  it('waits longer after each failure, up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});
