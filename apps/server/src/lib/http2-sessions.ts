import type { EventEmitter } from 'node:events';
import type { Http2Session } from 'node:http2';

/**
 * The HTTP/2 sessions a server holds open. Node before 24 does not close them on server.close(),
 * and a browser keeps its session for minutes, so a shutdown would wait for the time-out; this
 * asks each to finish its streams and go (a GOAWAY), as Node 24 does.
 */
export function trackHttp2Sessions(server: EventEmitter): { closeAll(): void } {
  const sessions = new Set<Http2Session>();
  server.on('session', (session: Http2Session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  return {
    closeAll() {
      for (const session of sessions) session.close();
    },
  };
}
