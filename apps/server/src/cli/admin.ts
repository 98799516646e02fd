// `npm run admin -- <command>`: operator commands with the server's own configuration. While a
// server holds the embedded database, the commands that need it run in that server instead
// (db/admin-socket.ts), so they work without stopping it.
import { resolve } from 'node:path';
import { applyEnvFile } from '../config/env-file';
import { ConfigError, loadConfig, type Config } from '../config';
import { saveGeneratedSecrets } from '../config/data-dir-secret';
import { openDatabase, type Database } from '../db/client';
import { adminSocketPath, requestCommand } from '../db/admin-socket';
import { findDataDirHolder } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';
import { sql } from 'drizzle-orm';
import { installAuditKey } from '../lib/audit-hash';
import { MailDispatcher } from '../lib/mail/mail-dispatcher';
import { createMailDelivery } from '../lib/mail/mail-transport';
import { cliLog, COMMANDS, type AdminCommand, type CommandIO } from './admin-commands';

/** Opens the configured database for one command, migrates it and sends the mail it queued. */
async function withDatabase(
  config: Config,
  run: (database: Database, config: Config) => Promise<void>,
): Promise<void> {
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

/** Runs `command` here, on a database of its own. */
async function runHere(command: AdminCommand, args: string[], config: Config): Promise<void> {
  const io: CommandIO = {
    withDatabase: (work) => withDatabase(config, work),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    fail: () => {
      process.exitCode = 1;
    },
  };
  await command.run(args, io);
}

/** Hands `command` to the server that holds the embedded database, printing what it prints. */
async function runInServer(
  name: string,
  command: AdminCommand,
  args: string[],
  config: Config,
  holder: number,
): Promise<void> {
  const absolute = args.map((arg, index) =>
    command.pathArgs?.includes(index) ? resolve(arg) : arg,
  );
  const status = await requestCommand(
    adminSocketPath(config.dataDir),
    { command: name, args: absolute },
    (line) => ('out' in line ? console.log(line.out) : console.error(line.err)),
  ).catch((error: unknown) => {
    throw new Error(
      `The server (pid ${holder}) is using the embedded database in ${config.dataDir} and could not run the command (${error instanceof Error ? error.message : String(error)}). Stop the server and run it again, or use DATABASE_URL.`,
    );
  });
  if (status !== 0) process.exitCode = status;
}

async function run(name: string, command: AdminCommand, args: string[]): Promise<void> {
  if (command.local) {
    await runHere(command, args, loadConfig());
    return;
  }
  const config = loadConfig();
  // A command may mint links (impersonate) and write audit rows, keyed like the server's: it
  // keeps the secrets it made, as the server does.
  saveGeneratedSecrets(config);
  installAuditKey(config.auditKey);
  const holder = config.databaseUrl ? null : findDataDirHolder(config.dataDir);
  if (holder) await runInServer(name, command, args, config, holder);
  else await runHere(command, args, config);
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
if (!name || !command) {
  if (name) console.error(`Unknown command: ${name}\n`);
  printUsage();
  process.exit(2);
}
run(name, command, args).catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
