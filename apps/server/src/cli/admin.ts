// `npm run admin -- <command>`: operator commands with the server's own configuration.
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

const COMMANDS: Record<string, { usage: string; run: (args: string[]) => Promise<void> }> = {
  migrate: {
    usage: 'migrate                 apply pending database migrations',
    async run() {
      const config = loadConfig();
      const database = await openDatabase(config);
      try {
        await migrateDatabase(database);
        console.log(`Migrations applied (${database.kind}).`);
      } finally {
        await database.close();
      }
    },
  },
};

function printUsage(): void {
  console.error('Usage: npm run admin -- <command>\n');
  for (const command of Object.values(COMMANDS)) console.error(`  ${command.usage}`);
}

const [name, ...args] = process.argv.slice(2);
const command = name ? COMMANDS[name] : undefined;
if (!command) {
  if (name) console.error(`Unknown command: ${name}\n`);
  printUsage();
  process.exit(2);
}
command.run(args).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
