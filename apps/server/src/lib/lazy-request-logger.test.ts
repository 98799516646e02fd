import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyRequestLogger } from './lazy-request-logger';

function captured(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  let children = 0;
  // pino calls onChild for every child made below this logger, Fastify's own included.
  const logger = pino({ level, onChild: () => (children += 1) }, stream);
  return { lines, logger, children: () => children };
}

async function requestWith(level: string, write: (log: pino.BaseLogger) => void) {
  const sink = captured(level);
  const app = Fastify({
    loggerInstance: sink.logger,
    childLoggerFactory: lazyRequestLogger,
    disableRequestLogging: true,
  });
  app.get('/it', async (request) => {
    write(request.log);
    return { ok: true };
  });
  await app.ready();
  // Fastify makes a child of its own at start (its serializers); only per-request ones count.
  const before = sink.children();
  const response = await app.inject({ method: 'GET', url: '/it' });
  await app.close();
  return { response, lines: sink.lines, children: () => sink.children() - before };
}

describe('lazy request logger', () => {
  it('makes no pino child for a request that writes nothing at an enabled level', async () => {
    const { response, lines, children } = await requestWith('warn', (log) => {
      log.info('not written');
      log.debug({ detail: 1 }, 'not written either');
    });
    expect(response.statusCode).toBe(200);
    expect(lines).toEqual([]);
    expect(children()).toBe(0);
  });

  it('writes an enabled line through one child that carries the request id', async () => {
    const { lines, children } = await requestWith('info', (log) => {
      log.info({ step: 1 }, 'first');
      log.warn('second');
      log.debug('skipped');
    });
    expect(lines.map((line) => line.msg)).toEqual(['first', 'second']);
    expect(lines[0]).toMatchObject({ step: 1, reqId: expect.any(String) });
    expect(lines[1]?.reqId).toBe(lines[0]?.reqId);
    expect(children()).toBe(1);
  });
});
