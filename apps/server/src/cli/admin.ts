// `npm run admin -- <command>`: operator commands with the server's own configuration.
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { applyEnvFile } from '../config/env-file';
import { ConfigError, loadConfig, type Config } from '../config';
import { saveGeneratedSecrets } from '../config/data-dir-secret';
import { printAuditVerification } from './audit-verify';
import { openDatabase, type Database } from '../db/client';
import { findDataDirHolder } from '../db/data-dir-lock';
import { backupEmbedded, restoreEmbedded } from '../db/pglite-backup';
import { migrateDatabase } from '../db/migrate';
import { accounts, accountUsers, users } from '../db/schema/index';
import { mintImpersonationToken } from '../features/auth/impersonation.service';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { importReport, wordProblem } from '../features/analytics/report-import.service';
import { syncSigmaCatalogue } from '../features/analytics/sigma-catalogue-sync';
import { syncConfiguredCatalogue } from '../features/analytics/workbook-catalogue';
import { purgeClosedAccounts } from '../features/closing/purge-closed.service';
import { advanceBillingClock } from '../features/billing/billing-advance';
import {
  reconcileBilling,
  type BillingDisagreement,
} from '../features/billing/billing-reconcile.service';
import { sendDueDigests } from '../features/digests/digest-job';
import { createBillingProvider } from '../features/billing/create-billing-provider';
import { createAuditAnchors, createMailTransport, type AppContext } from '../lib/app-context';
import { installAuditKey } from '../lib/audit-hash';
import { LiveSessions } from '../lib/live-sessions';
import { loggerOptions } from '../lib/logger';
import { MailDispatcher } from '../lib/mail/mail-dispatcher';
import { createMailDelivery } from '../lib/mail/mail-transport';
import { issueOneTimeToken } from '../lib/one-time-token';

const cliLog = (config: Config) =>
  Fastify({ logger: loggerOptions(config.logLevel, { pretty: config.logPretty }) }).log;

/** What services need, for a command: mail is queued, and delivered when the command ends. */
function createCliContext(database: Database, config: Config): AppContext {
  const log = cliLog(config);
  const now = () => new Date();
  const mail = createMailTransport(config, database.db);
  return {
    db: database.db,
    config,
    mail,
    billing: createBillingProvider(config, database.db, now),
    now,
    log,
    // Not listening: a command answers every session check from the database.
    sessions: new LiveSessions(database.db, database.changes),
    auditAnchors: createAuditAnchors(config, database.db, { log, now, mail }),
  };
}

/** Opens the configured database, refusing while a server holds the embedded one. */
async function withDatabase(
  run: (database: Database, config: Config) => Promise<void>,
): Promise<void> {
  const config = loadConfig();
  // A command may mint links (impersonate) and write audit rows, keyed like the server's: it
  // keeps the secrets it made, as the server does.
  saveGeneratedSecrets(config);
  installAuditKey(config.auditKey);
  if (!config.databaseUrl) {
    const holder = findDataDirHolder(config.dataDir);
    if (holder) {
      throw new Error(
        `The server (pid ${holder}) is using the embedded database in ${config.dataDir}. Stop it first, or use DATABASE_URL.`,
      );
    }
  }
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    const started = await databaseNow(database);
    await run(database, config);
    await deliverQueuedMail(database, config, started);
  } finally {
    await database.close();
  }
}

/** The database's clock, which stamps the outbox rows (the CLI's may differ from it). */
async function databaseNow(database: Database): Promise<Date> {
  const [row] = await database.db
    .select({ seconds: sql<number>`extract(epoch from now())`.mapWith(Number) })
    .from(sql`(select 1) as clock`);
  return new Date(Math.floor((row?.seconds ?? 0) * 1000));
}

/**
 * Sends what the command queued (to SMTP, or its links to the log) before the process ends; mail
 * queued before it started is the servers' to send, and a backlog must not hold the command up.
 */
async function deliverQueuedMail(database: Database, config: Config, since: Date): Promise<void> {
  const log = cliLog(config);
  const delivery = createMailDelivery(config.smtpUrl, log);
  try {
    await new MailDispatcher(database.db, delivery, log).drain(since);
  } finally {
    await delivery.close();
  }
}

/** One line per disagreement: the account, what each side said, what was done. */
function describeDisagreement(found: BillingDisagreement): string {
  const side = (of: BillingDisagreement['ours'] | null) =>
    of
      ? `${of.plan} ${of.status}${of.pendingPlan ? ` (pending ${of.pendingPlan})` : ''}`
      : 'nothing';
  const done =
    found.done === 'ended_unpaid_attempt'
      ? 'ended the unpaid attempt'
      : `recorded the provider's state${found.account ? `; account now ${found.account.plan} ${found.account.subscription}` : ''}`;
  return `account ${found.accountId}: app had ${side(found.ours)}, provider had ${side(found.theirs)} → ${done}`;
}

const COMMANDS: Record<string, { usage: string; run: (args: string[]) => Promise<void> }> = {
  migrate: {
    usage: 'migrate                                   apply pending database migrations',
    run: () =>
      withDatabase(async (database) => console.log(`Migrations applied (${database.kind}).`)),
  },
  'create-master': {
    usage:
      'create-master <email>                     make a user a master (creating them if needed)',
    run: ([email]) =>
      withDatabase(async ({ db }, config) => {
        if (!email) throw new Error('Usage: create-master <email>');
        const normalized = email.trim().toLowerCase();
        const [existing] = await db
          .select()
          .from(users)
          .where(eq(sql`lower(${users.email})`, normalized))
          .limit(1);
        let userId = existing?.id;
        if (existing) {
          await db.update(users).set({ isMaster: true }).where(eq(users.id, existing.id));
        } else {
          userId = await db.transaction(async (tx) => {
            const [account] = await tx
              .insert(accounts)
              .values({
                name: 'Partner Portal support',
                plan: 'free_core',
                subscriptionStatus: 'active',
              })
              .returning();
            const [user] = await tx
              .insert(users)
              .values({
                email: normalized,
                firstName: 'Support',
                lastName: 'Team',
                verified: true,
                isMaster: true,
                defaultAccountId: account?.id,
              })
              .returning();
            if (!account || !user) throw new Error('master not created');
            await tx
              .insert(accountUsers)
              .values({ accountId: account.id, userId: user.id, permission: 'owner' });
            return user.id;
          });
        }
        if (!userId) throw new Error('master not created');
        const { token } = await issueOneTimeToken(db, { kind: 'magic', userId });
        console.log(
          `${normalized} is a master. Sign in within 15 minutes: ${config.appUrl}/magic?token=${token}`,
        );
      }),
  },
  impersonate: {
    usage: `impersonate <email> --by <master-email> --reason <text>\n${' '.repeat(44)}print a 60-second sign-in link as that user (the operator needs 2FA on; the reason, 5–500 characters, is audited)`,
    run: (args) =>
      withDatabase(async ({ db }, config) => {
        const option = (name: string) => {
          const at = args.indexOf(name);
          return at >= 0 ? args[at + 1] : undefined;
        };
        const targetEmail = args[0];
        const masterEmail = option('--by');
        const reason = option('--reason');
        if (!targetEmail || !masterEmail || targetEmail.startsWith('--'))
          throw new Error('Usage: impersonate <email> --by <master-email> --reason <text>');
        // The console's rules: a reason for the audit log, an operator with 2FA (the service checks).
        const { token } = await mintImpersonationToken(db, { masterEmail, targetEmail, reason });
        console.log(`${config.appUrl}/signin/impersonate?token=${token}`);
      }),
  },
  'import-report': {
    usage: "import-report <owner-email> <file.csv>     load report rows into that owner's account",
    run: ([ownerEmail, file]) =>
      withDatabase(async ({ db }) => {
        if (!ownerEmail || !file) throw new Error('Usage: import-report <owner-email> <file.csv>');
        // The bytes, not a decoded string: the service refuses a file that is not UTF-8.
        const result = await importReport(db, ownerEmail, await readFile(file), basename(file));
        if (!result.ok) {
          for (const problem of result.problems) {
            const { line, field, message } = wordProblem(problem, 'en');
            console.error(`${file}:${line}: ${field} ${message}`);
          }
          const count = result.problems.length;
          throw new Error(
            `Nothing imported: ${count} ${count === 1 ? 'problem' : 'problems'} in ${file}.`,
          );
        }
        console.log(`Imported ${result.rows} rows into ${result.account}.`);
      }),
  },
  'purge-closed': {
    usage:
      'purge-closed                              delete accounts closed over ACCOUNT_RETENTION_DAYS ago',
    run: () =>
      withDatabase(async ({ db }, config) => {
        const days = config.accountRetentionDays;
        const result = await purgeClosedAccounts(db, { now: new Date(), retentionDays: days });
        console.log(
          `Purged ${result.accounts} account(s) closed more than ${days} days ago and ${result.users} user(s) left without an account.`,
        );
      }),
  },
  'billing-advance': {
    usage:
      "billing-advance <owner-email> <days>      move that account's billing clock and renew what falls due",
    run: ([ownerEmail, days]) =>
      withDatabase(async (database, config) => {
        if (!ownerEmail || !days) throw new Error('Usage: billing-advance <owner-email> <days>');
        const report = await advanceBillingClock(
          createCliContext(database, config),
          ownerEmail,
          Number(days),
        );
        console.log(
          `${report.account}: billing clock at ${report.clock.toISOString()}, ${report.changes} change(s); plan ${report.plan ?? 'none'}, subscription ${report.subscription ?? 'none'}.`,
        );
      }),
  },
  'billing-reconcile': {
    usage:
      "billing-reconcile                         compare recent subscriptions with the payment provider and correct the app's copy",
    run: () =>
      withDatabase(async (database, config) => {
        const changed = await reconcileBilling(createCliContext(database, config));
        for (const found of changed) console.log(describeDisagreement(found));
        console.log(
          changed.length === 0
            ? 'Billing agrees with the payment provider: no changes.'
            : `${changed.length} subscription(s) corrected from the payment provider.`,
        );
      }),
  },
  'send-digests': {
    usage:
      'send-digests [--as-of <date-time>]        send the report digests due at that moment (default: now)',
    run: (args) =>
      withDatabase(async (database, config) => {
        const at = args.indexOf('--as-of');
        const asOf = at >= 0 ? parseAsOf(args[at + 1]) : new Date();
        const ctx = { ...createCliContext(database, config), now: () => asOf };
        const report = await sendDueDigests(ctx);
        console.log(
          `Report digests as of ${asOf.toISOString()}: ${report.sent} sent, ${report.skipped} skipped, ${report.failed} failed.`,
        );
        if (report.failed > 0) process.exitCode = 1;
      }),
  },
  insights: {
    usage: `insights <owner-email> [--as-of <date>] [--advertiser <name>] [--window <days>] [--json] [--locale es]\n${' '.repeat(44)}print the insights that account's owner (or advertiser) would see`,
    run: (args) =>
      withDatabase(async ({ db }, config) => {
        // Loaded only for this command: the engine is the heaviest module the CLI could start with.
        const { describeAccountInsights } = await import('../features/insights/insights-cli');
        for (const line of await describeAccountInsights(db, args, config.insightFloors)) {
          console.log(line);
        }
      }),
  },
  backup: {
    usage:
      'backup <file>                             write the embedded database to <file> (gzip), server running or not',
    run: async ([file]) => {
      if (!file) throw new Error('Usage: backup <file>');
      const result = await backupEmbedded(loadConfig(), file);
      const via = result.from === 'server' ? ' (dumped by the running server)' : '';
      console.log(`Backed up ${formatBytes(result.bytes)} to ${result.path}${via}.`);
    },
  },
  restore: {
    usage:
      'restore <file>                            replace the embedded database with a backup (server stopped)',
    run: async ([file]) => {
      if (!file) throw new Error('Usage: restore <file>');
      const config = loadConfig();
      const result = await restoreEmbedded(config, file);
      const users = `${result.users} user${result.users === 1 ? '' : 's'}`;
      console.log(`Restored ${file} into ${config.dataDir} (${users}).`);
      console.log(`The data it replaced is in ${result.aside}; delete it once all is well.`);
    },
  },
  'audit-verify': {
    usage:
      'audit-verify [account-id]                 check the audit log against its key and anchors; exit 1 if broken',
    run: ([accountId]) =>
      withDatabase(async ({ db }, config) => {
        if ((await printAuditVerification(db, config, accountId)) > 0) process.exitCode = 1;
      }),
  },
  'sync-workbooks': {
    usage:
      "sync-workbooks                            refresh the Sigma catalogue's names and URL ids",
    run: () =>
      withDatabase(async ({ db }, config) => {
        await syncConfiguredCatalogue(db, config);
        const report = await syncSigmaCatalogue(db, config);
        for (const entry of report.updated) {
          console.log(`ok       ${entry.kind.padEnd(15)} ${entry.name} (${entry.workbookId})`);
        }
        for (const entry of report.missing) {
          console.log(
            `removed  ${entry.kind.padEnd(15)} ${entry.name} (${entry.workbookId}): not in Sigma`,
          );
        }
        for (const workbook of report.notOffered) {
          console.log(`skipped  ${workbook.name} (${workbook.workbookId}): not in SIGMA_WORKBOOKS`);
        }
        console.log(
          `Catalogue synced: ${report.updated.length} kept, ${report.missing.length} removed, ${report.notOffered.length} not offered.`,
        );
      }),
  },
};

/** `2026-11-30`, `2026-11-30T08:05`, or a full ISO instant; a bare date is its UTC midnight. */
function parseAsOf(value: string | undefined): Date {
  const at = value ? new Date(value) : new Date(Number.NaN);
  if (!value || Number.isNaN(at.getTime())) {
    throw new Error('Usage: send-digests --as-of <date-time>, e.g. 2026-11-30T09:00Z');
  }
  return at;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function printUsage(): void {
  console.error('Usage: npm run admin -- <command>\n');
  for (const command of Object.values(COMMANDS)) console.error(`  ${command.usage}`);
}

// The same `.env` as the server's, below the shell's environment.
try {
  applyEnvFile();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const [name, ...args] = process.argv.slice(2);
const command = name ? COMMANDS[name] : undefined;
if (!command) {
  if (name) console.error(`Unknown command: ${name}\n`);
  printUsage();
  process.exit(2);
}
command.run(args).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
