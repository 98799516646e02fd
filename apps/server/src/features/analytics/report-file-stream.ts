import { isUtf8 } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';

/** A file past the size limit, found while it streamed (no Content-Length told us before). */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
  }
}

/** The 1-based line holding a file's first bytes that are not UTF-8. */
export class NotUtf8Error extends Error {
  constructor(readonly line: number) {
    super(`Line ${line} is not UTF-8`);
  }
}

/** Passes bytes on, counting them, and fails past `maxBytes`. */
export function countBytes(maxBytes: number, onBytes: (total: number) => void): Transform {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      total += chunk.length;
      onBytes(total);
      if (total > maxBytes) done(new FileTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
}

const LF = 0x0a;
const CR = 0x0d;
/** A line without a break this long is checked in parts, so one huge line cannot fill memory. */
const PART_BYTES = 64 * 1024;

/** Where `bytes` can be cut without splitting a character: before its last lead byte. */
function safeCut(bytes: Buffer): number {
  let cut = bytes.length;
  // Continuation bytes are 10xxxxxx; a character has at most three of them.
  while (cut > bytes.length - 4 && cut > 0 && ((bytes[cut - 1] ?? 0) & 0xc0) === 0x80) cut -= 1;
  return cut > 0 ? cut - 1 : 0;
}

/**
 * Passes bytes on unchanged once each line of them is UTF-8, and fails naming the first line
 * that is not (docs/security.md "Report files are UTF-8"): a decoder would have turned a latin-1
 * "Café" into U+FFFD and stored it broken. Lines end as the CSV reader counts them (LF, CRLF or
 * a lone CR); neither byte can occur inside a multi-byte UTF-8 sequence, so each line is checked
 * on its own. Only the unfinished end of a line is kept between chunks, as a list of parts
 * (copying it onto every small chunk would cost the square of its length), and a line longer
 * than PART_BYTES is checked a part at a time.
 */
export function checkUtf8Lines(): Transform {
  let line = 1;
  let parts: Buffer[] = [];
  let partsLength = 0;
  // The last chunk ended in CR: an LF starting the next one belongs to it.
  let afterCr = false;
  const checkLine = (end: Buffer) => {
    const bytes = parts.length === 0 ? end : Buffer.concat([...parts, end]);
    parts = [];
    partsLength = 0;
    if (!isUtf8(bytes)) throw new NotUtf8Error(line);
  };
  const keep = (rest: Buffer) => {
    if (rest.length === 0) return;
    parts.push(rest);
    partsLength += rest.length;
    if (partsLength <= PART_BYTES) return;
    const joined = Buffer.concat(parts);
    const cut = safeCut(joined);
    if (!isUtf8(joined.subarray(0, cut))) throw new NotUtf8Error(line);
    parts = [Buffer.from(joined.subarray(cut))];
    partsLength = parts[0]!.length;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      try {
        let start = afterCr && chunk[0] === LF ? 1 : 0;
        afterCr = false;
        for (let index = start; index < chunk.length; index += 1) {
          const byte = chunk[index];
          if (byte !== LF && byte !== CR) continue;
          checkLine(chunk.subarray(start, index));
          line += 1;
          if (byte === CR) {
            if (index === chunk.length - 1) afterCr = true;
            else if (chunk[index + 1] === LF) index += 1;
          }
          start = index + 1;
        }
        keep(chunk.subarray(start));
      } catch (error) {
        done(error as Error);
        return;
      }
      done(null, chunk);
    },
    flush(done: TransformCallback) {
      try {
        checkLine(Buffer.alloc(0));
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    },
  });
}
