import { chmodSync, rmSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Only one process may open the embedded database, so while the server runs it is the one that
 * dumps it: `admin backup` asks over this socket. It lives in DATA_DIR (0700) and is itself 0600,
 * so only the owner of the data can ask.
 *
 * Protocol: the client sends `dump\n`; the server answers `ok <bytes>\n` and the gzip tarball, or
 * `error <message>\n`. The byte count lets the client tell a whole dump from a cut-off one.
 */
export const backupSocketPath = (dataDir: string) => join(dataDir, 'admin.sock');

const REQUEST = 'dump';
const REQUEST_TIMEOUT_MS = 10_000;

export interface BackupSocket {
  path: string;
  /** Stops listening (a dump in progress still finishes) and removes the socket file. */
  close(): Promise<void>;
}

export async function serveBackups(
  dataDir: string,
  dump: () => Promise<Blob>,
  log: FastifyBaseLogger,
): Promise<BackupSocket> {
  const path = backupSocketPath(dataDir);
  // One left by a server that crashed: this process holds the data dir now, so it is stale.
  rmSync(path, { force: true });
  const server = createServer((socket) => answer(socket, dump, log));
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

function answer(socket: Socket, dump: () => Promise<Blob>, log: FastifyBaseLogger): void {
  let request = '';
  socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
  socket.on('error', () => undefined);
  const onData = (chunk: Buffer) => {
    request += chunk.toString('utf8');
    const end = request.indexOf('\n');
    if (end < 0 && request.length < 64) return;
    socket.off('data', onData);
    socket.setTimeout(0);
    if (request.slice(0, end) !== REQUEST) {
      socket.end(`error unknown request\n`);
      return;
    }
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
  };
  socket.on('data', onData);
}

/** Asks the server listening on `path` for a dump; rejects unless every promised byte came. */
export function requestDump(path: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(path, () => socket.write(`${REQUEST}\n`));
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
