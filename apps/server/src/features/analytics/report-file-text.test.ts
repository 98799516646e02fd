import { describe, expect, it } from 'vitest';
import { decodeReportFile } from './report-file-text';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('decodeReportFile', () => {
  it('reads UTF-8 as it is, and drops a BOM', () => {
    expect(decodeReportFile(utf8('a,b\nCafé,Olé\n'))).toEqual({ text: 'a,b\nCafé,Olé\n' });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('a,b\n')]);
    expect(decodeReportFile(bom)).toEqual({ text: 'a,b\n' });
  });

  it.each([
    ['LF', '\n', 3],
    ['CRLF', '\r\n', 3],
    ['a lone CR', '\r', 3],
  ])('names the first line that is not UTF-8, lines ending in %s', (_, end, line) => {
    const file = latin1(['a,b', 'plain,text', 'Café,1', 'Olé,2'].join(end));
    expect(decodeReportFile(file)).toEqual({ badLine: line });
  });

  it('refuses a BOM of another encoding, a cut sequence and an encoded surrogate', () => {
    expect(decodeReportFile(Buffer.from([0xff, 0xfe, 0x61, 0x00]))).toEqual({ badLine: 1 });
    expect(decodeReportFile(Buffer.concat([utf8('a\nb'), Buffer.from([0xc3])]))).toEqual({
      badLine: 2,
    });
    expect(decodeReportFile(Buffer.from([0x61, 0x0a, 0xed, 0xa0, 0x80]))).toEqual({ badLine: 2 });
  });
});
