import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { checkUtf8Lines, countBytes, FileTooLargeError, NotUtf8Error } from './report-file-stream';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** `bytes` through the check in chunks of every size from 1 to 9: what comes out, or the line. */
async function check(bytes: Buffer): Promise<{ text: string } | { badLine: number }> {
  const results = new Set<string>();
  for (let size = 1; size <= 9; size += 1) {
    const chunks = [];
    for (let start = 0; start < bytes.length; start += size)
      chunks.push(bytes.subarray(start, start + size));
    const out: Buffer[] = [];
    try {
      await pipeline(
        Readable.from(chunks),
        checkUtf8Lines(),
        async (source: AsyncIterable<Buffer>) => {
          for await (const chunk of source) out.push(chunk);
        },
      );
      results.add(JSON.stringify({ text: Buffer.concat(out).toString('utf8') }));
    } catch (error) {
      if (!(error instanceof NotUtf8Error)) throw error;
      results.add(JSON.stringify({ badLine: error.line }));
    }
  }
  // However the bytes were cut, the answer is the same.
  expect(results.size).toBe(1);
  return JSON.parse([...results][0]!) as { text: string } | { badLine: number };
}

describe('checkUtf8Lines', () => {
  it('passes UTF-8 through unchanged, a BOM included', async () => {
    expect(await check(utf8('a,b\nCafé,Olé 😀\n'))).toEqual({ text: 'a,b\nCafé,Olé 😀\n' });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('a,b\n')]);
    expect(await check(bom)).toEqual({ text: '\uFEFFa,b\n' });
  });

  it.each([
    ['LF', '\n', 3],
    ['CRLF', '\r\n', 3],
    ['a lone CR', '\r', 3],
  ])('names the first line that is not UTF-8, lines ending in %s', async (_, end, line) => {
    const file = latin1(['a,b', 'plain,text', 'Café,1', 'Olé,2'].join(end));
    expect(await check(file)).toEqual({ badLine: line });
  });

  it('refuses a BOM of another encoding, a cut sequence and an encoded surrogate', async () => {
    expect(await check(Buffer.from([0xff, 0xfe, 0x61, 0x00]))).toEqual({ badLine: 1 });
    expect(await check(Buffer.concat([utf8('a\nb'), Buffer.from([0xc3])]))).toEqual({
      badLine: 2,
    });
    expect(await check(Buffer.from([0x61, 0x0a, 0xed, 0xa0, 0x80]))).toEqual({ badLine: 2 });
  });

  it('checks a line with no break in parts, without holding it whole', async () => {
    const long = utf8(`${'é'.repeat(100_000)}\n`);
    expect(await check(long)).toEqual({ text: long.toString('utf8') });
    const broken = Buffer.concat([
      utf8('ok\n'),
      utf8('é'.repeat(50_000)),
      latin1('é'),
      utf8('é'.repeat(50_000)),
    ]);
    expect(await check(broken)).toEqual({ badLine: 2 });
  });
});

describe('countBytes', () => {
  it('counts what passes and fails past the limit', async () => {
    const seen: number[] = [];
    await pipeline(
      Readable.from([utf8('abc'), utf8('de')]),
      countBytes(5, (n) => seen.push(n)),
      async (source) => {
        for await (const chunk of source) void chunk;
      },
    );
    expect(seen).toEqual([3, 5]);
    await expect(
      pipeline(
        Readable.from([utf8('abc'), utf8('def')]),
        countBytes(5, () => undefined),
        async (source) => {
          for await (const chunk of source) void chunk;
        },
      ),
    ).rejects.toBeInstanceOf(FileTooLargeError);
  });
});
