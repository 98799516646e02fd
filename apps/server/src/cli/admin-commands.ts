/**
 * The operator commands of `npm run admin` (docs/operations.md#admin-commands), written once for both places
 * they run: the command line, on a database it opens itself, and the running server, which runs
 * them on its own open database when a CLI asks over its admin socket (the embedded database
 * takes one process at a time). What a command prints and whether it failed go through `io`.
 */
import Fastify from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { loadConfig, type Config } from '../config';
import { printAuditVerification } from './audit-verify';
import type { Database } from '../db/client';
import { backupEmbedded, restoreEmbedded } from '../db/pglite-backup';
import { accounts, accountUsers, users } from '../db/schema/index';
import { mintImpersonationToken } from '../features/auth/impersonation.service';
import { wordProblem } from '../features/analytics/report-import.service';
import { createImportJob, runImportJob } from '../features/analytics/report-import-job.service';
import { progressBar } from './progress-bar';
import { findOwnedAccount } from '../lib/owned-account';
import { syncSigmaCatalogue } from '../features/analytics/sigma-catalogue-sync';
import { syncConfiguredCatalogue } from '../features/analytics/workbook-catalogue';
import { purgeClosedAccounts } from '../features/closing/purge-closed.service';
import { advanceBillingClock } from '../features/billing/billing-advance';
import {
  reconcileBilling,
  type BillingDisagreement,
} from '../features/billing/billing-reconcile.service';
import { sendDueDigests } from '../features/digests/digest-job';
import type { AppContext } from '../lib/app-context';
import { createServiceContext } from '../service-context';
import { loggerOptions } from '../lib/logger';
import { issueOneTimeToken } from '../lib/one-time-token';
import { evaluateAlertsAsOf } from '../features/alerts/alert-job';

/** Where a command runs: its database, and where its lines and its failure go. */
export interface CommandIO {
  /** Runs `work` on the database, with the configuration in force where the command runs. */
  withDatabase(work: (database: Database, config: Config) => Promise<void>): Promise<void>;
  out(line: string): void;
  err(line: string): void;
  /** The command has said what went wrong and ends with status 1. */
  fail(): void;
}

export interface AdminCommand {
  usage: string;
  run(args: string[], io: CommandIO): Promise<void>;
  /** Always run by the command line itself, never handed to a running server. */
  local?: boolean;
  /** Arguments that name files: made absolute before a server, in another directory, reads them. */
  pathArgs?: number[];
}

export const cliLog = (config: Config) =>
  Fastify({ logger: loggerOptions(config.logLevel, { pretty: config.logPretty }) }).log;

/** What services need, for a command: mail is queued, and delivered when the command ends. */
function createCliContext(database: Database, config: Config): AppContext {
  return createServiceContext(database, config, { log: cliLog(config), now: () => new Date() });
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

export const COMMANDS: Record<string, AdminCommand> = {
  migrate: {
    usage: 'migrate                                   apply pending database migrations',
    run: (_args, io) =>
      io.withDatabase(async (database) => io.out(`Migrations applied (${database.kind}).`)),
  },
  'create-master': {
    usage:
      'create-master <email>                     make a user a master (creating them if needed)',
    run: ([email], io) =>
      io.withDatabase(async ({ db }, config) => {
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
        io.out(
          `${normalized} is a master. Sign in within 15 minutes: ${config.appUrl}/magic?token=${token}`,
        );
      }),
  },
  impersonate: {
    usage: `impersonate <email> --by <master-email> --reason <text>\n${' '.repeat(44)}print a 60-second sign-in link as that user (the operator needs 2FA on; the reason, 5–500 characters, is audited)`,
    run: (args, io) =>
      io.withDatabase(async ({ db }, config) => {
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
        io.out(`${config.appUrl}/signin/impersonate?token=${token}`);
      }),
  },
  'import-report': {
    pathArgs: [1],
    usage: "import-report <owner-email> <file.csv>     load report rows into that owner's account",
    run: ([ownerEmail, file], io) =>
      io.withDatabase(async (database, config) => {
        if (!ownerEmail || !file) throw new Error('Usage: import-report <owner-email> <file.csv>');
        const account = await findOwnedAccount(database.db, ownerEmail);
        if (!account) throw new Error(`${ownerEmail} owns no account`);
        const ctx = createCliContext(database, config);
        const { size } = await stat(file);
        const fileName = basename(file);
        const job = { accountId: account.id, fileName };
        const jobId = await createImportJob(
          database.db,
          { ...job, userId: null, bytesTotal: size },
          ctx.now(),
        );
        const bar = progressBar(size, (line) => io.err(line));
        // The bytes as they are on disk: the import refuses a file that is not UTF-8.
        const end = await runImportJob(
          ctx,
          'system',
          { ...job, id: jobId },
          createReadStream(file),
          {
            maxBytes: config.importMaxBytes,
            onProgress: bar,
          },
        );
        if (end.outcome === 'refused') {
          for (const problem of end.problems) {
            const { line, field, message } = wordProblem(problem, 'en');
            io.err(`${file}:${line}: ${field} ${message}`);
          }
          const count = end.problemCount;
          const listed =
            end.problems.length < count ? ` (the first ${end.problems.length} listed)` : '';
          throw new Error(
            `Nothing imported: ${count} ${count === 1 ? 'problem' : 'problems'} in ${file}${listed}.`,
          );
        }
        if (end.outcome !== 'done') throw new Error(`Nothing imported: the import was cancelled.`);
        io.out(`Imported ${end.rows} ${end.rows === 1 ? 'row' : 'rows'} into ${account.name}.`);
      }),
  },
  'purge-closed': {
    usage:
      'purge-closed                              delete accounts closed over ACCOUNT_RETENTION_DAYS ago',
    run: (_args, io) =>
      io.withDatabase(async ({ db }, config) => {
        const days = config.accountRetentionDays;
        const result = await purgeClosedAccounts(db, { now: new Date(), retentionDays: days });
        io.out(
          `Purged ${result.accounts} account(s) closed more than ${days} days ago and ${result.users} user(s) left without an account.`,
        );
      }),
  },
  'billing-advance': {
    usage:
      "billing-advance <owner-email> <days>      move that account's billing clock and renew what falls due",
    run: ([ownerEmail, days], io) =>
      io.withDatabase(async (database, config) => {
        if (!ownerEmail || !days) throw new Error('Usage: billing-advance <owner-email> <days>');
        const report = await advanceBillingClock(
          createCliContext(database, config),
          ownerEmail,
          Number(days),
        );
        io.out(
          `${report.account}: billing clock at ${report.clock.toISOString()}, ${report.changes} change(s); plan ${report.plan ?? 'none'}, subscription ${report.subscription ?? 'none'}.`,
        );
      }),
  },
  'billing-reconcile': {
    usage:
      "billing-reconcile                         compare recent subscriptions with the payment provider and correct the app's copy",
    run: (_args, io) =>
      io.withDatabase(async (database, config) => {
        const changed = await reconcileBilling(createCliContext(database, config));
        for (const found of changed) io.out(describeDisagreement(found));
        io.out(
          changed.length === 0
            ? 'Billing agrees with the payment provider: no changes.'
            : `${changed.length} subscription(s) corrected from the payment provider.`,
        );
      }),
  },
  'send-digests': {
    usage:
      'send-digests [--as-of <date-time>]        send the report digests due at that moment (default: now)',
    run: (args, io) =>
      io.withDatabase(async (database, config) => {
        const at = args.indexOf('--as-of');
        const asOf = at >= 0 ? parseAsOf(args[at + 1], 'send-digests') : new Date();
        const ctx = { ...createCliContext(database, config), now: () => asOf };
        const report = await sendDueDigests(ctx);
        io.out(
          `Report digests as of ${asOf.toISOString()}: ${report.sent} sent, ${report.skipped} skipped, ${report.failed} failed.`,
        );
        if (report.failed > 0) io.fail();
      }),
  },
  'evaluate-alerts': {
    usage:
      'evaluate-alerts [--as-of <date-time>]     evaluate every metric alert on the day that had closed then',
    run: (args, io) =>
      io.withDatabase(async (database, config) => {
        const at = args.indexOf('--as-of');
        const asOf = at >= 0 ? parseAsOf(args[at + 1], 'evaluate-alerts') : new Date();
        const ctx = { ...createCliContext(database, config), now: () => asOf };
        const report = await evaluateAlertsAsOf(ctx, asOf);
        io.out(
          `Metric alerts as of ${asOf.toISOString()}: ${report.evaluated} evaluated, ${report.fired} fired.`,
        );
      }),
  },
  insights: {
    usage: `insights <owner-email> [--as-of <date>] [--advertiser <name>] [--window <days>] [--json] [--locale es]\n${' '.repeat(44)}print the insights that account's owner (or advertiser) would see`,
    run: (args, io) =>
      io.withDatabase(async ({ db }, config) => {
        // Loaded only for this command: the engine is the heaviest module the CLI could start with.
        const { describeAccountInsights } = await import('../features/insights/insights-cli');
        for (const line of await describeAccountInsights(db, args, config.insightFloors)) {
          io.out(line);
        }
      }),
  },
  backup: {
    // Asks the running server itself for a dump when there is one (db/admin-socket.ts).
    local: true,
    usage:
      'backup <file>                             write the embedded database to <file> (gzip), server running or not',
    run: async ([file], io) => {
      if (!file) throw new Error('Usage: backup <file>');
      const result = await backupEmbedded(loadConfig(), file);
      const via = result.from === 'server' ? ' (dumped by the running server)' : '';
      io.out(`Backed up ${formatBytes(result.bytes)} to ${result.path}${via}.`);
    },
  },
  restore: {
    // Replaces the data directory: never while a server has it open.
    local: true,
    usage:
      'restore <file>                            replace the embedded database with a backup (server stopped)',
    run: async ([file], io) => {
      if (!file) throw new Error('Usage: restore <file>');
      const config = loadConfig();
      const result = await restoreEmbedded(config, file);
      const users = `${result.users} user${result.users === 1 ? '' : 's'}`;
      io.out(`Restored ${file} into ${config.dataDir} (${users}).`);
      io.out(`The data it replaced is in ${result.aside}; delete it once all is well.`);
    },
  },
  'audit-verify': {
    usage:
      'audit-verify [account-id]                 check the audit log against its key and anchors; exit 1 if broken',
    run: ([accountId], io) =>
      io.withDatabase(async ({ db }, config) => {
        if ((await printAuditVerification(db, config, accountId)) > 0) io.fail();
      }),
  },
  'sync-workbooks': {
    usage:
      "sync-workbooks                            refresh the Sigma catalogue's names and URL ids",
    run: (_args, io) =>
      io.withDatabase(async ({ db }, config) => {
        await syncConfiguredCatalogue(db, config);
        const report = await syncSigmaCatalogue(db, config);
        for (const entry of report.updated) {
          io.out(`ok       ${entry.kind.padEnd(15)} ${entry.name} (${entry.workbookId})`);
        }
        for (const entry of report.missing) {
          io.out(
            `removed  ${entry.kind.padEnd(15)} ${entry.name} (${entry.workbookId}): not in Sigma`,
          );
        }
        for (const workbook of report.notOffered) {
          io.out(`skipped  ${workbook.name} (${workbook.workbookId}): not in SIGMA_WORKBOOKS`);
        }
        io.out(
          `Catalogue synced: ${report.updated.length} kept, ${report.missing.length} removed, ${report.notOffered.length} not offered.`,
        );
      }),
  },
};

/** `2026-11-30`, `2026-11-30T08:05`, or a full ISO instant; a bare date is its UTC midnight. */
function parseAsOf(value: string | undefined, command: string): Date {
  const at = value ? new Date(value) : new Date(Number.NaN);
  if (!value || Number.isNaN(at.getTime())) {
    throw new Error(`Usage: ${command} --as-of <date-time>, e.g. 2026-11-30T09:00Z`);
  }
  return at;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
