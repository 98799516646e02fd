import type { Socket } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

const ANSWERS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    'Request Header Fields Too Large',
    'The request headers are too large.',
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};
const MALFORMED: [number, string, string] = [400, 'Bad Request', 'The request is malformed.'];

/**
 * What a request Node's HTTP parser refuses gets (headers over 16 KB, bytes that are not HTTP):
 * the API's error shape, and `Connection: close`. Fastify's own answer leaves that header out
 * and then closes the socket, so a client that keeps connections alive (a browser, a proxy's
 * pool) sends its next, unrelated request down a dead socket and sees it reset.
 */
export const clientErrorHandler: NonNullable<FastifyServerOptions['clientErrorHandler']> = (
  error,
  socket: Socket,
) => {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  if (code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] = ANSWERS[code] ?? MALFORMED;
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
};
