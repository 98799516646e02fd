import { Writable } from 'node:stream';

/*
 * The log as a person at a terminal reads it: one short line per entry (time, level, message,
 * a few fields), with a mail's links on lines of their own so a newcomer finds the verification
 * link at a glance. Servers and pipes keep pino's JSON lines (LOG_FORMAT=json forces them).
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};

// Fields every line has, or that the line's own layout already shows.
const LAYOUT_FIELDS = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'err',
  'mail',
  'req',
  'res',
]);

function timeOf(value: unknown): string {
  const date = new Date(typeof value === 'number' ? value : Date.now());
  return date.toISOString().slice(11, 19);
}

function plain(value: unknown): string | null {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** One JSON log line as a compact, readable line (or the line itself when it is not JSON). */
export function compactLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const parts = [
    timeOf(entry.time),
    LEVELS[Number(entry.level)] ?? 'LOG  ',
    String(entry.msg ?? ''),
  ];
  const req = entry.req as { method?: string; url?: string } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`);
  const status = (entry.res as { statusCode?: number } | undefined)?.statusCode;
  if (status) parts.push(`→ ${status}`);
  for (const [key, value] of Object.entries(entry)) {
    if (LAYOUT_FIELDS.has(key)) continue;
    const text = plain(value);
    if (text !== null) parts.push(`${key}=${text}`);
  }
  const lines = [parts.filter(Boolean).join(' ')];
  const err = entry.err as { message?: string; stack?: string } | undefined;
  if (err?.stack) lines.push(err.stack.replace(/^/gm, '    '));
  else if (err?.message) lines.push(`    ${err.message}`);
  const links = (entry.mail as { links?: unknown } | undefined)?.links;
  if (Array.isArray(links)) for (const link of links) lines.push(`    → ${String(link)}`);
  return lines.join('\n');
}

/** A stream for pino that writes compact lines to `out` (the terminal). */
export function compactStream(out: NodeJS.WritableStream): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`${compactLine(line)}\n`);
      callback();
    },
  });
}
