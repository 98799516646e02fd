import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { compactLine, compactStream } from './log-format';

describe('compact log lines for a terminal', () => {
  it('puts a mail’s links on lines of their own, under time, level and message', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 10, 24, 9, 5, 7),
      pid: 1,
      hostname: 'h',
      msg: 'mail to ada@example.test: Verify your email address',
      mail: { to: 'ada@example.test', links: ['http://localhost:8080/signup/verify?token=abc'] },
    });
    expect(compactLine(line)).toBe(
      [
        '09:05:07 INFO  mail to ada@example.test: Verify your email address',
        '    → http://localhost:8080/signup/verify?token=abc',
      ].join('\n'),
    );
  });

  it('shows a request, plain fields and an error’s stack; leaves non-JSON alone', () => {
    const line = JSON.stringify({
      level: 50,
      time: Date.UTC(2026, 10, 24, 9, 5, 7),
      msg: 'unexpected error',
      reqId: 'r-1',
      req: { method: 'GET', url: '/api/user' },
      nested: { ignored: true },
      err: { message: 'boom', stack: 'Error: boom\n    at here' },
    });
    expect(compactLine(line)).toBe(
      '09:05:07 ERROR unexpected error GET /api/user reqId=r-1\n    Error: boom\n        at here',
    );
    expect(compactLine('not json')).toBe('not json');
  });

  it('turns a stream of JSON lines, split anywhere, into compact lines', async () => {
    const out = new PassThrough();
    const chunks: string[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const stream = compactStream(out);
    const entry = JSON.stringify({ level: 40, time: 0, msg: 'slow' });
    stream.write(`${entry.slice(0, 10)}`);
    stream.write(`${entry.slice(10)}\n${entry}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks.join('')).toBe('00:00:00 WARN  slow\n00:00:00 WARN  slow\n');
  });
});
