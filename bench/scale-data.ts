// The data set of `npm run bench:scale`: report rows over a thousand accounts with the skew of a
// real network (one account of a fifth of all rows over two years, a long tail of small ones),
// generated as COPY text, so ten million rows go in at the database's speed, not a row at a time.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export interface ScaleAccount {
  id: string;
  /** 1 for the largest. */
  rank: number;
  /** Its rows once the whole data set is in. */
  rows: number;
  days: number;
  advertisers: number;
  campaignsPerAdvertiser: number;
}

const CHANNELS = ['search', 'social', 'display', 'video', 'email'];
const COUNTRIES = ['US', 'GB', 'DE', 'ES', 'MX', 'FR'];
const DEVICES = ['desktop', 'mobile', 'tablet'];
const LARGEST_SHARE = 0.2;

/** Each campaign runs on one channel, in three countries, on every device. */
const COUNTRIES_PER_CAMPAIGN = 3;
const GRAINS_PER_CAMPAIGN = COUNTRIES_PER_CAMPAIGN * DEVICES.length;

/**
 * Each account's share of `totalRows`: the largest a fifth, the others falling off as 1/rank
 * (the second about 6 %, the thousandth about 0.01 %). Larger accounts carry more advertisers and
 * campaigns (the largest 40 and 400) and reach further back (the largest two years): far enough
 * that a day holds at most three quarters of the account's campaign × country × device grains,
 * so, as in a real report file, no grain repeats within a day.
 */
export function scaleAccounts(ids: readonly string[], totalRows: number): ScaleAccount[] {
  const largest = Math.round(totalRows * LARGEST_SHARE);
  let tail = 0;
  for (let rank = 2; rank <= ids.length; rank += 1) tail += 1 / rank;
  return ids.map((id, index) => {
    const rank = index + 1;
    const rows =
      rank === 1 ? largest : Math.max(1, Math.round((totalRows - largest) / rank / tail));
    const advertisers = Math.min(40, Math.max(2, Math.round(rows / 10_000)));
    const campaignsPerAdvertiser = rows >= 100_000 ? 10 : rows >= 10_000 ? 5 : 2;
    const grains = advertisers * campaignsPerAdvertiser * GRAINS_PER_CAMPAIGN;
    return {
      id,
      rank,
      rows,
      days: Math.min(730, Math.max(60, Math.ceil(rows / (grains * 0.75)))),
      advertisers,
      campaignsPerAdvertiser,
    };
  });
}

export const advertiserName = (index: number) => `Advertiser ${index + 1}`;

/** The day `back` days before today, as the date column holds it. */
function dayLabels(): string[] {
  const today = Date.UTC(
    new Date().getUTCFullYear(),
    new Date().getUTCMonth(),
    new Date().getUTCDate(),
  );
  return Array.from({ length: 730 }, (_, back) =>
    new Date(today - back * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * COPY text lines for rows [from × rows, to × rows) of each account. Row n falls on day n mod
 * days, so any slice spans the account's whole history; the rows of a day take distinct grains
 * (campaign, country, device; the channel is the campaign's), shifted from day to day, and their
 * figures are funnel-shaped (clicks a few percent of impressions, conversions of clicks).
 */
export function* scaleRowLines(
  accounts: readonly ScaleAccount[],
  from: number,
  to: number,
): Generator<string> {
  const days = dayLabels();
  let chunk = '';
  for (const account of accounts) {
    const campaigns = account.advertisers * account.campaignsPerAdvertiser;
    const grains = campaigns * GRAINS_PER_CAMPAIGN;
    const end = Math.floor(account.rows * to);
    for (let n = Math.floor(account.rows * from); n < end; n += 1) {
      const day = n % account.days;
      const grain = (Math.floor(n / account.days) + day * 7) % grains;
      const campaign = grain % campaigns;
      const rest = Math.floor(grain / campaigns);
      const country = (campaign + 2 * (rest % COUNTRIES_PER_CAMPAIGN)) % COUNTRIES.length;
      const device = Math.floor(rest / COUNTRIES_PER_CAMPAIGN);
      const advertiser = Math.floor(campaign / account.campaignsPerAdvertiser);
      const random = Math.imul(n + 1, 2_654_435_761) >>> 0;
      const impressions = 200 + (random % 4_000);
      const clicks = Math.floor((impressions * (1 + (random % 5))) / 100);
      const conversions = Math.floor((clicks * (random % 7)) / 100);
      const revenueCents = conversions * (2_000 + (random % 5_000));
      chunk += `${account.id}\t${days[day]}\t${advertiserName(advertiser)}\tCampaign ${advertiser + 1}-${(campaign % account.campaignsPerAdvertiser) + 1}\t${CHANNELS[campaign % CHANNELS.length]}\t${COUNTRIES[country]}\t${DEVICES[device]}\t${impressions}\t${clicks}\t${conversions}\t${(revenueCents / 100).toFixed(2)}\t${(Math.round(revenueCents * 0.7) / 100).toFixed(2)}\n`;
      if (chunk.length > 256 * 1024) {
        yield chunk;
        chunk = '';
      }
    }
  }
  if (chunk) yield chunk;
}

/** Loads the slice [from, to) of every account's rows in one COPY; answers the rows written. */
export async function copyScaleRows(
  client: pg.Client,
  accounts: readonly ScaleAccount[],
  from: number,
  to: number,
): Promise<number> {
  const copy = client.query(
    copyFrom(
      `copy report_rows (account_id, date, advertiser, campaign, channel, country, device,
         impressions, clicks, conversions, revenue, payout) from stdin`,
    ),
  );
  await pipeline(Readable.from(scaleRowLines(accounts, from, to)), copy);
  return copy.rowCount ?? 0;
}
