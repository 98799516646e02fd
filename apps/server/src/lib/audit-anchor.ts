import { createHmac } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { canonicalJson } from './audit-hash';
import { renderMail } from './mail/mail-templates';
import type { MailTransport } from './mail/mail-transport';

/*
 * Anchors (docs/security.md#audit-log): the newest row of each chain, its seq and keyed hash,
 * written outside the database — a line in an append-only file, a line in the server's log, and
 * a mail to the operators — so that rows removed from the end of a chain, which leave no trace in
 * the chain itself, are found by `audit-verify` against the last anchor that saw them.
 */

/** A chain's newest row, as an anchor records it. */
export interface ChainHead {
  chain: string;
  seq: number;
  hash: string;
}

export type AnchorReason = 'scheduled' | 'export';

/** One line of the anchor file; `mac` is an HMAC with the audit key over the rest. */
interface AnchorLine {
  at: string;
  reason: AnchorReason;
  heads: [chain: string, seq: number, hash: string][];
  mac: string;
}

/** The background job anchors at least this often; an export anchors at once. */
const ANCHOR_EVERY_MS = 60 * 60 * 1000;
/** Heads listed in an anchor's mail; the file and the log line hold every one. */
const HEADS_MAILED = 20;

/**
 * Each chain's newest row, one index probe per chain (a loose index scan over (chain, seq)),
 * rather than a pass over every row of the log.
 */
async function listChainHeads(db: Db): Promise<ChainHead[]> {
  const rows = await rowsOf<{ chain: string; seq: number | string; hash: string }>(
    db,
    sql`with recursive chains(chain) as (
          select min(chain) from audit_events
          union all
          select (select min(chain) from audit_events where chain > chains.chain)
          from chains where chains.chain is not null
        )
        select chains.chain, head.seq, head.hash
        from chains
        cross join lateral (
          select seq, hash from audit_events
          where audit_events.chain = chains.chain order by seq desc limit 1
        ) head
        where chains.chain is not null`,
  );
  return rows.map((row) => ({ chain: row.chain, seq: Number(row.seq), hash: row.hash }));
}

function anchorMac(key: string, line: Omit<AnchorLine, 'mac'>): string {
  return createHmac('sha256', key)
    .update(`audit-anchor:${canonicalJson(line)}`)
    .digest('hex');
}

export interface AnchorFile {
  /** Per chain, the furthest head any line made with the key recorded, and when. */
  heads: Map<string, ChainHead & { at: string }>;
  /** Lines made with the key. */
  anchors: number;
  /** Numbers (from 1) of the lines that are not an anchor made with this key. */
  refused: number[];
}

/** Reads an anchor file (none yet: no anchors), checking every line against `key`. */
export function readAnchorFile(file: string, key: string): AnchorFile {
  const result: AnchorFile = { heads: new Map(), anchors: 0, refused: [] };
  if (!existsSync(file)) return result;
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((text, index) => {
    if (text.trim() === '') return;
    const line = parseAnchorLine(text);
    if (
      !line ||
      anchorMac(key, { at: line.at, reason: line.reason, heads: line.heads }) !== line.mac
    ) {
      result.refused.push(index + 1);
      return;
    }
    result.anchors += 1;
    for (const [chain, seq, hash] of line.heads) {
      const known = result.heads.get(chain);
      if (!known || seq >= known.seq) result.heads.set(chain, { chain, seq, hash, at: line.at });
    }
  });
  return result;
}

function parseAnchorLine(text: string): AnchorLine | null {
  try {
    const line = JSON.parse(text) as AnchorLine;
    const wellFormed =
      typeof line.at === 'string' &&
      typeof line.mac === 'string' &&
      Array.isArray(line.heads) &&
      line.heads.every(
        (head) =>
          Array.isArray(head) &&
          typeof head[0] === 'string' &&
          Number.isInteger(head[1]) &&
          typeof head[2] === 'string',
      );
    return wellFormed ? line : null;
  } catch {
    return null;
  }
}

export interface AuditAnchorOptions {
  db: Db;
  key: string;
  /** The append-only file (AUDIT_ANCHOR_FILE). */
  file: string;
  log: FastifyBaseLogger;
  now: () => Date;
  mail: MailTransport;
  /** Operators mailed each anchor through the outbox; empty when mail is not configured. */
  mailTo: string[];
}

/**
 * This process's anchors: each records the chains whose head moved since the file last recorded
 * them (the whole log the first time), so a quiet hour writes nothing. One at a time.
 */
export class AuditAnchors {
  private anchored: Map<string, ChainHead> | null = null;
  private lastAnchorAt: number | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: AuditAnchorOptions) {}

  /** The background job's call: an anchor when this process made none in the last hour. */
  anchorIfDue(): Promise<number> {
    const now = this.options.now().getTime();
    if (this.lastAnchorAt !== null && now - this.lastAnchorAt < ANCHOR_EVERY_MS) {
      return Promise.resolve(0);
    }
    return this.anchor('scheduled');
  }

  /** Anchors every chain head that moved; answers how many it wrote. */
  anchor(reason: AnchorReason): Promise<number> {
    const run = this.queue.then(() => this.write(reason));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async write(reason: AnchorReason): Promise<number> {
    const { db, key, file, log } = this.options;
    const now = this.options.now();
    const anchored = (this.anchored ??= new Map(readAnchorFile(file, key).heads));
    const moved = (await listChainHeads(db)).filter((head) => {
      const known = anchored.get(head.chain);
      return !known || known.seq !== head.seq || known.hash !== head.hash;
    });
    if (moved.length === 0) {
      this.lastAnchorAt = now.getTime();
      return 0;
    }
    const body = {
      at: now.toISOString(),
      reason,
      heads: moved.map((head): AnchorLine['heads'][number] => [head.chain, head.seq, head.hash]),
    };
    const line: AnchorLine = { ...body, mac: anchorMac(key, body) };
    await mkdir(dirname(file), { recursive: true, mode: 0o700 });
    await appendFile(file, `${JSON.stringify(line)}\n`, { flag: 'a', mode: 0o600 });
    for (const head of moved) anchored.set(head.chain, head);
    // Set once the line is written: a failed write is tried again at the next tick.
    this.lastAnchorAt = now.getTime();
    log.info({ auditAnchor: line }, `audit log anchored: ${moved.length} chain heads (${reason})`);
    await this.mailOperators(line);
    return moved.length;
  }

  /** Worded in English, the operators' language, as the help mail to support is. */
  private async mailOperators(line: AnchorLine): Promise<void> {
    const heads = line.heads
      .slice(0, HEADS_MAILED)
      .map(([chain, seq, hash]) => `${chain} #${seq} ${hash}`)
      .join('\n');
    const values = {
      at: line.at,
      count: String(line.heads.length),
      heads,
      mac: line.mac,
      file: this.options.file,
    };
    for (const to of this.options.mailTo) {
      await this.options.mail.send({
        to,
        ...renderMail('audit_anchor', 'en', values),
        template: 'audit_anchor',
        locale: 'en',
      });
    }
  }
}
