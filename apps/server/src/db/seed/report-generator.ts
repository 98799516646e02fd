/**
 * Plausible daily report rows for demo accounts: a slow upward trend, a weekly rhythm (quieter
 * weekends), per-advertiser scale and noise, all from a seeded generator so every install shows
 * the same numbers.
 */
export interface GeneratedRow {
  date: string;
  advertiser: string;
  campaign: string;
  channel: string;
  country: string;
  device: string;
  impressions: number;
  clicks: number;
  conversions: number;
  revenue: string;
  payout: string;
}

/** mulberry32: tiny, fast and good enough for demo data; the same seed gives the same rows. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface AdvertiserPlan {
  name: string;
  campaigns: string[];
  /** Relative size: 1 is a mid-sized advertiser. */
  scale: number;
}

/**
 * Something that happened to one campaign over the last days (every row of it scaled), so the
 * demo's insights have a true story to find beside the noise.
 */
export interface ReportEvent {
  advertiser: string;
  campaign: string;
  /** The event covers the last `days` days of the data. */
  days: number;
  factor: number;
}

const CHANNELS = ['search', 'social', 'display', 'video', 'email'] as const;
const COUNTRIES = ['US', 'GB', 'DE', 'ES', 'MX', 'FR'] as const;
const DEVICES = ['desktop', 'mobile', 'tablet'] as const;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function generateReportRows(input: {
  advertisers: readonly AdvertiserPlan[];
  days: number;
  /** The last day with data (today). */
  until: Date;
  seed: number;
  rowsPerCampaignDay?: number;
  events?: readonly ReportEvent[];
}): GeneratedRow[] {
  const random = seededRandom(input.seed);
  const perDay = input.rowsPerCampaignDay ?? 2;
  const eventFactor = (advertiser: string, campaign: string, offset: number) =>
    (input.events ?? [])
      .filter((event) => event.advertiser === advertiser && event.campaign === campaign)
      .filter((event) => offset < event.days)
      .reduce((factor, event) => factor * event.factor, 1);
  const rows: GeneratedRow[] = [];
  const last = Date.UTC(
    input.until.getUTCFullYear(),
    input.until.getUTCMonth(),
    input.until.getUTCDate(),
  );
  for (let offset = input.days - 1; offset >= 0; offset -= 1) {
    const day = new Date(last - offset * 86_400_000);
    const weekday = day.getUTCDay();
    const weekly = weekday === 0 || weekday === 6 ? 0.72 : 1 + 0.05 * Math.sin(weekday);
    // About +40 % over the period shown, so trends have a direction.
    const growth = 1 + 0.4 * (1 - offset / Math.max(1, input.days));
    let campaignIndex = 0;
    for (const advertiser of input.advertisers) {
      for (const campaign of advertiser.campaigns) {
        const event = eventFactor(advertiser.name, campaign, offset);
        for (let slice = 0; slice < perDay; slice += 1) {
          const noise = 0.75 + random() * 0.5;
          const impressions = Math.round(
            2_400 * advertiser.scale * weekly * growth * noise * event,
          );
          const clicks = Math.round(impressions * (0.012 + random() * 0.02));
          const conversions = Math.round(clicks * (0.02 + random() * 0.06));
          const revenue = conversions * (25 + random() * 90);
          rows.push({
            date: isoDay(day),
            advertiser: advertiser.name,
            campaign,
            // Each slice of a campaign keeps its channel, country and device, as real traffic
            // does: a country's or device's total then moves with its campaigns, not by lot.
            channel: CHANNELS[(2 * campaignIndex + slice) % CHANNELS.length]!,
            country: COUNTRIES[(campaignIndex + 3 * slice) % COUNTRIES.length]!,
            device: DEVICES[(campaignIndex + slice) % DEVICES.length]!,
            impressions,
            clicks,
            conversions,
            revenue: revenue.toFixed(2),
            payout: (revenue * (0.68 + random() * 0.14)).toFixed(2),
          });
        }
        campaignIndex += 1;
      }
    }
  }
  return rows;
}
