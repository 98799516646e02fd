import { isUtf8 } from 'node:buffer';

// Fatal: the first byte sequence that is not UTF-8 throws, where the default decoder would write
// U+FFFD and a latin-1 "Café" would be stored broken. A UTF-8 BOM (Excel's "CSV UTF-8") is
// dropped, since ignoreBOM is false by default.
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const LF = 0x0a;
const CR = 0x0d;

/**
 * A report file's bytes as text, or the 1-based line holding its first bytes that are not UTF-8
 * (docs/security.md "Report files are UTF-8"). Both the upload route and the admin command come
 * through here, with the bytes as received: a string already decoded has lost the evidence.
 */
export function decodeReportFile(bytes: Uint8Array): { text: string } | { badLine: number } {
  try {
    return { text: strictUtf8.decode(bytes) };
  } catch {
    return { badLine: firstBadLine(bytes) };
  }
}

/**
 * Lines end as the CSV reader counts them: LF, CRLF or a lone CR. Neither byte can occur inside a
 * multi-byte UTF-8 sequence, so each line can be checked on its own.
 */
function firstBadLine(bytes: Uint8Array): number {
  let line = 1;
  let start = 0;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (byte !== LF && byte !== CR) continue;
    if (!isUtf8(bytes.subarray(start, index))) return line;
    if (byte === CR && bytes[index + 1] === LF) index += 1;
    line += 1;
    start = index + 1;
  }
  return line;
}
