import type { Config } from '../config';
import type { Database } from '../db/client';
import type { CommandRunner } from '../db/admin-socket';
import { COMMANDS, type CommandIO } from './admin-commands';

/**
 * How the running server runs a command handed over its admin socket: on the database it has
 * open, with its own configuration, already migrated; mail the command queues is sent by the
 * server's own dispatcher, like any other.
 */
export function serverCommandRunner(database: Database, config: Config): CommandRunner {
  return async (request, write) => {
    const command = COMMANDS[request.command];
    if (!command || command.local) {
      write({ err: `This command does not run in the server: ${request.command}` });
      return 2;
    }
    let status = 0;
    const io: CommandIO = {
      withDatabase: (work) => work(database, config),
      out: (line) => write({ out: line }),
      err: (line) => write({ err: line }),
      fail: () => {
        status = 1;
      },
    };
    await command.run(request.args, io);
    return status;
  };
}
