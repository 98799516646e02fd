import type { DigestFrequency } from '@partner-portal/shared/digests';
import type { ReportMetric } from '@partner-portal/shared/report-data';

type TopDimension = 'advertiser' | 'campaign';

/**
 * The wording of the report digest mail (digest-render.ts), one object per language. Every value
 * is plain text: the renderer HTML-escapes it, so a translation never writes markup. Figures and
 * periods arrive already formatted for the language (report-format.ts, Intl.DateTimeFormat).
 */
export interface DigestText {
  /** The adjective in the subject: "your weekly report". Weekday digests are daily ones. */
  frequency: Record<DigestFrequency, string>;
  /** The small title above the account name. */
  heading: Record<DigestFrequency, string>;
  /** When the digest comes, for the footer's "sent …". */
  schedule: Record<DigestFrequency, string>;
  /** `change` is the revenue's change ("+8.2%"), null when there was nothing to compare with. */
  subject: (values: {
    frequency: string;
    account: string;
    revenue: string;
    change: string | null;
  }) => string;
  /** The salutation on a line of its own; `name` may be empty. */
  greeting: (name: string) => string;
  /** `previous` is the period the changes compare with, formatted like the digest's own. */
  intro: (previous: string) => string;
  metrics: Record<ReportMetric, string>;
  /** In place of a change when the previous period was 0 (as the dashboard's tiles say). */
  noPrevious: string;
  plusBadge: string;
  marginLabel: string;
  topHeading: Record<TopDimension, string>;
  /** The name column's header of the top table. */
  topColumn: Record<TopDimension, string>;
  /** The line in place of the top table when there was nothing to list. */
  topEmpty: Record<TopDimension, string>;
  /** A row whose name is empty. */
  unnamed: string;
  /** The Plus AI insights' heading: the period's top three findings, in sentences. */
  insightsHeading: string;
  action: string;
  footer: (values: { account: string; schedule: string }) => string;
  /** Under the button when the period's rows are attached; `max` is formatted. */
  attachment: (values: { truncated: boolean; max: string }) => string;
  unsubscribe: string;
}

/** English digest wording; digest-text-es.ts has the same keys. */
export const DIGEST_TEXT_EN: DigestText = {
  frequency: { daily: 'daily', weekdays: 'daily', weekly: 'weekly', monthly: 'monthly' },
  heading: {
    daily: 'Daily report',
    weekdays: 'Daily report',
    weekly: 'Weekly report',
    monthly: 'Monthly report',
  },
  schedule: {
    daily: 'every day',
    weekdays: 'every weekday',
    weekly: 'every Monday',
    monthly: 'on the 1st of every month',
  },
  subject: ({ frequency, account, revenue, change }) =>
    `Your ${frequency} report for ${account}: revenue ${revenue}${change ? ` (${change})` : ''}`,
  greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
  intro: (previous) =>
    `Here’s how your figures moved compared with the previous period (${previous}).`,
  metrics: {
    impressions: 'Impressions',
    clicks: 'Clicks',
    conversions: 'Conversions',
    revenue: 'Revenue',
    payout: 'Payout',
  },
  noPrevious: 'No previous period',
  plusBadge: 'Plus',
  marginLabel: 'Margin (revenue − payout)',
  topHeading: { advertiser: 'Top advertisers by revenue', campaign: 'Top campaigns by revenue' },
  topColumn: { advertiser: 'Advertiser', campaign: 'Campaign' },
  topEmpty: {
    advertiser: 'No advertisers to list for this period.',
    campaign: 'No campaigns to list for this period.',
  },
  unnamed: '(no name)',
  insightsHeading: 'What changed',
  action: 'Open your dashboard',
  footer: ({ account, schedule }) =>
    `You’re receiving this because you’re subscribed to the report digest for ${account}, sent ${schedule}.`,
  attachment: ({ truncated, max }) =>
    truncated
      ? `The period’s first ${max} rows are attached as a CSV file; your dashboard has them all.`
      : 'The period’s rows are attached as a CSV file.',
  unsubscribe: 'Unsubscribe',
};
