import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Only one process may open the embedded database, so while the server runs it does the work of
 * `npm run admin` that needs it: a dump for `admin backup`, and any other command the CLI hands
 * over. The socket lives in DATA_DIR (0700) and is itself 0600, so only the owner of the data,
 * who could run the commands anyway, can ask.
 *
 * Protocol, one request line per connection:
 * - `dump\n` → `ok <bytes>\n` and the gzip tarball, or `error <message>\n`. The byte count lets
 *   the client tell a whole dump from a cut-off one.
 * - `run {"command":…,"args":[…]}\n` → JSON lines `{"out":…}` / `{"err":…}` as the command prints,
 *   then `{"exit":<status>}`. No exit line means the server went away mid-command.
 */
export const adminSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');

const DUMP = 'dump';
const RUN = 'run ';
const REQUEST_TIMEOUT_MS = 10_000;
const MAX_REQUEST_BYTES = 64 * 1024;

export interface CommandRequest {
  command: string;
  args: string[];
}

export type CommandLine = { out: string } | { err: string };

/** Runs a command as the CLI would, writing its lines; resolves to its exit status. */
export type CommandRunner = (
  request: CommandRequest,
  write: (line: CommandLine) => void,
) => Promise<number>;

export interface AdminSocket {
  path: string;
  /** Stops listening (work in progress still finishes) and removes the socket file. */
  close(): Promise<void>;
}

export async function serveAdminSocket(
  dataDir: string,
  handlers: { dump: () => Promise<Blob>; run?: CommandRunner },
  log: FastifyBaseLogger,
): Promise<AdminSocket> {
  const path = adminSocketPath(dataDir);
  // One left by a server that crashed: this process holds the data dir now, so it is stale.
  rmSync(path, { force: true });
  const server = createServer((socket) => answer(socket, handlers, log));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // listen() cannot set the mode; until this line the 0700 directory keeps others out.
  chmodSync(path, 0o600);
  return {
    path,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          rmSync(path, { force: true });
          resolve();
        }),
      ),
  };
}

function answer(
  socket: Socket,
  handlers: { dump: () => Promise<Blob>; run?: CommandRunner },
  log: FastifyBaseLogger,
): void {
  let request = '';
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  socket.on('error', () => undefined);
  const onData = (chunk: Buffer) => {
    request += chunk.toString('utf8');
    const end = request.indexOf('\n');
    if (end < 0 && request.length < MAX_REQUEST_BYTES) return;
    socket.off('data', onData);
    socket.setTimeout(0);
    const line = end < 0 ? '' : request.slice(0, end);
    if (line === DUMP) sendDump(socket, handlers.dump, log);
    else if (line.startsWith(RUN) && handlers.run) runCommand(socket, line, handlers.run, log);
    else socket.end(`error unknown request\n`);
  };
  socket.on('data', onData);
}

function sendDump(socket: Socket, dump: () => Promise<Blob>, log: FastifyBaseLogger): void {
  dump()
    .then(async (blob) => {
      const bytes = Buffer.from(await blob.arrayBuffer());
      socket.write(`ok ${bytes.length}\n`);
      socket.end(bytes);
      log.info({ bytes: bytes.length }, 'database backup sent');
    })
    .catch((error: unknown) => {
      log.error({ err: error }, 'database backup failed');
      const message = error instanceof Error ? error.message : String(error);
      socket.end(`error ${message.replace(/\n/g, ' ')}\n`);
    });
}

function runCommand(
  socket: Socket,
  line: string,
  run: CommandRunner,
  log: FastifyBaseLogger,
): void {
  const send = (value: unknown) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(value)}\n`);
  };
  let request: CommandRequest;
  try {
    request = parseRequest(line.slice(RUN.length));
  } catch {
    send({ err: 'The request was not understood.' });
    socket.end(`${JSON.stringify({ exit: 2 })}\n`);
    return;
  }
  log.info({ command: request.command }, 'admin command run for the command line');
  run(request, send)
    .catch((error: unknown) => {
      send({ err: error instanceof Error ? error.message : String(error) });
      return 1;
    })
    .then((status) => socket.end(`${JSON.stringify({ exit: status })}\n`));
}

function parseRequest(text: string): CommandRequest {
  const value: unknown = JSON.parse(text);
  if (
    typeof value === 'object' &&
    value !== null &&
    'command' in value &&
    typeof value.command === 'string' &&
    'args' in value &&
    Array.isArray(value.args) &&
    value.args.every((arg) => typeof arg === 'string')
  ) {
    return { command: value.command, args: value.args as string[] };
  }
  throw new Error('bad request');
}

/** Asks the server listening on `path` for a dump; rejects unless every promised byte came. */
export function requestDump(path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(path, () => socket.write(`${DUMP}\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const reply = Buffer.concat(chunks);
      const end = reply.indexOf('\n');
      const head = reply.subarray(0, Math.max(end, 0)).toString('utf8');
      if (head.startsWith('error ')) {
        reject(new Error(`the server could not dump the database: ${head.slice(6)}`));
        return;
      }
      const expected = /^ok (\d+)$/.exec(head)?.[1];
      const body = reply.subarray(end + 1);
      if (end < 0 || expected === undefined || body.length !== Number(expected)) {
        reject(
          new Error(`the server's answer was cut off (${body.length} of ${expected ?? '?'} bytes)`),
        );
        return;
      }
      resolve(body);
    });
  });
}

/**
 * Hands a command to the server listening on `path`, passing each line it prints to `print` as
 * it comes; resolves to the command's exit status. Rejects when the server cannot be reached or
 * went away before the command ended.
 */
export function requestCommand(
  path: string,
  request: CommandRequest,
  print: (line: CommandLine) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let pending = '';
    let status: number | null = null;
    const socket = connect(path, () => socket.write(`${RUN}${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const text of lines) {
        if (!text) continue;
        const line = JSON.parse(text) as CommandLine | { exit: number };
        if ('exit' in line) status = line.exit;
        else print(line);
      }
    });
    socket.on('error', reject);
    socket.on('close', () =>
      status === null
        ? reject(new Error('the server stopped before the command finished'))
        : resolve(status),
    );
  });
}
