import type { Config } from '../config';
import type { Db } from '../db/client';
import { readAnchorFile } from '../lib/audit-anchor';
import { verifyAuditLog, type ChainReport } from '../lib/audit-verify';

/**
 * `npm run admin -- audit-verify [account-id]`: checks the anchor file against the audit key,
 * then every chain against the key and its last anchor (docs/security.md#audit-log), one line
 * each. Answers how many problems it found; the command exits 1 on any.
 */
export async function printAuditVerification(
  db: Db,
  config: Config,
  accountId: string | undefined,
): Promise<number> {
  if (config.auditKeySource === 'new') {
    console.log(
      'note     AUDIT_KEY is unset and DATA_DIR held no audit key: checking with one made just now, which rows keyed by the server do not match.',
    );
  }
  const anchors = readAnchorFile(config.auditAnchorFile, config.auditKey);
  for (const line of anchors.refused) {
    console.log(
      `BROKEN   anchor file line ${line}: not an anchor made with this AUDIT_KEY (another key, or an edited line)`,
    );
  }
  console.log(
    anchors.anchors === 0
      ? `note     no anchors in ${config.auditAnchorFile}: rows removed from the end of a chain cannot be found`
      : `anchors  ${anchors.anchors} in ${config.auditAnchorFile}, covering ${anchors.heads.size} chains`,
  );

  const reports = await verifyAuditLog(db, accountId, {
    key: config.auditKey,
    anchors: anchors.heads,
  });
  let broken = 0;
  for (const report of reports) {
    const name = report.chain === '-' ? '(no account)' : report.chain;
    if (report.broken) {
      broken += 1;
      const anchoredAt = anchors.heads.get(report.chain)?.at ?? 'unknown';
      console.log(`BROKEN   ${name}: ${describeBreak(report.broken, anchoredAt)}`);
    } else console.log(`ok       ${name}: ${report.rows} rows`);
  }
  console.log(`Audit log: ${reports.length - broken} chains intact, ${broken} broken.`);
  return broken + anchors.refused.length;
}

function describeBreak(broken: NonNullable<ChainReport['broken']>, anchoredAt: string): string {
  const row = `row ${broken.id} (seq ${broken.seq})`;
  switch (broken.reason) {
    case 'truncated':
      return `rows up to seq ${broken.seq} are missing: the anchor of ${anchoredAt} saw them, so the newest rows were removed`;
    case 'hash':
      return `${row} fails its hash check: edited, or keyed with another AUDIT_KEY`;
    case 'unkeyed':
      return `${row} fails its key check: a plain hash where the audit key's belongs (forged, or written before AUDIT_KEY and never anchored)`;
    case 'anchor':
      return `${row} fails its anchor check: the anchor of ${anchoredAt} saw another hash`;
    default:
      return `${row} fails its ${broken.reason} check`;
  }
}
