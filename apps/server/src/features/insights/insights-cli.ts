/**
 * `npm run admin -- insights <owner-email> [--as-of <date>] [--advertiser <name>] [--window <days>]
 * [--json]`: the insights an account's owner (or one advertiser) would see, computed now and not
 * cached, so an operator can check what the engine makes of an account's data.
 */
import { DEFAULT_VOLUME_FLOORS, type VolumeFloors } from '@partner-portal/shared/insight-rules';
import type { Locale } from '@partner-portal/shared/constants';
import { INSIGHT_DEFAULT_WINDOW, InsightsQuerySchema } from '@partner-portal/shared/insights';
import type { Db } from '../../db/client';
import { findOwnedAccount } from '../../lib/owned-account';
import { runInsights } from './insight-run';
import { describeInsight } from './insight-sentences';

const INSIGHTS_USAGE =
  'insights <owner-email> [--as-of <date>] [--advertiser <name>] [--window <days>] [--json] [--locale es]';

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** The command's output, as lines; throws with the usage on bad arguments. */
export async function describeAccountInsights(
  db: Db,
  args: readonly string[],
  floors: VolumeFloors = DEFAULT_VOLUME_FLOORS,
): Promise<string[]> {
  const [ownerEmail] = args;
  const parsed = InsightsQuerySchema.omit({ workbook_id: true, metric: true }).safeParse({
    as_of: option(args, '--as-of'),
    window: option(args, '--window') ?? INSIGHT_DEFAULT_WINDOW,
  });
  if (!ownerEmail || ownerEmail.startsWith('--') || !parsed.success) {
    throw new Error(`Usage: ${INSIGHTS_USAGE}`);
  }
  const locale: Locale = option(args, '--locale') === 'es' ? 'es' : 'en';
  const account = await findOwnedAccount(db, ownerEmail);
  if (!account) throw new Error(`${ownerEmail} owns no account`);
  const advertiser = option(args, '--advertiser');
  const run = await runInsights(db, {
    scope: { partner_id: account.id, ...(advertiser ? { advertiser_name: advertiser } : {}) },
    viewer: advertiser ? 'advertiser' : 'partner',
    asOf: parsed.data.as_of,
    window: parsed.data.window,
    floors,
  });
  const insights = run.insights.map((insight) => ({
    ...insight,
    sentence: describeInsight(locale, insight),
  }));
  if (args.includes('--json')) return [JSON.stringify({ ...run, insights }, null, 2)];
  const who = advertiser ? `${account.name} (advertiser ${advertiser})` : account.name;
  const lines = [
    `Insights for ${who} as of ${run.asOf ?? '-'} (data through ${run.dataThrough ?? '-'}): ${run.status}, ${insights.length} found.`,
  ];
  insights.forEach((insight, index) => {
    const z = insight.z === null ? '' : `, z ${insight.z.toFixed(1)}`;
    lines.push(
      `${String(index + 1).padStart(2)}. [${insight.type}] ${insight.sentence} (${insight.confidence}${z}, score ${insight.score.toFixed(3)})`,
    );
  });
  return lines;
}
