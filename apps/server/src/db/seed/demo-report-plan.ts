import type { AdvertiserPlan, ReportEvent } from './report-generator';

// The demo accounts' report data, as a plan the generator turns into rows. The browser journeys
// regenerate the same rows to check the dashboards' numbers independently of the app's queries.
const NORTHWIND_ADVERTISERS: AdvertiserPlan[] = [
  { name: 'Acme Shoes', campaigns: ['Spring Collection', 'Running Gear'], scale: 1.3 },
  { name: 'Globex Travel', campaigns: ['City Breaks', 'Summer Flights'], scale: 1.6 },
  { name: 'Initech Software', campaigns: ['Free Trial'], scale: 0.8 },
  { name: 'Umbrella Health', campaigns: ['Wellness Week', 'Pharmacy Online'], scale: 1 },
  { name: 'Stark Electronics', campaigns: ['Holiday Deals', 'New Arrivals'], scale: 1.9 },
  { name: 'Wayne Home', campaigns: ['Garden Living'], scale: 0.6 },
];
const SOLO_ADVERTISERS: AdvertiserPlan[] = [
  { name: 'Bluebird Books', campaigns: ['Bestsellers'], scale: 0.5 },
  { name: 'Cedar Coffee', campaigns: ['Morning Blend'], scale: 0.4 },
];

/**
 * Two stories for the insights panel to find: Stark Electronics' holiday campaign has lost most
 * of its traffic over the last five days, and Umbrella Health's wellness week has been running
 * well above its usual level for the last week.
 */
const NORTHWIND_EVENTS: ReportEvent[] = [
  { advertiser: 'Stark Electronics', campaign: 'Holiday Deals', days: 5, factor: 0.35 },
  { advertiser: 'Umbrella Health', campaign: 'Wellness Week', days: 7, factor: 1.7 },
];

/** Northwind Media: a year for six advertisers. */
export const NORTHWIND_REPORT = {
  advertisers: NORTHWIND_ADVERTISERS,
  days: 365,
  seed: 20_261_123,
  events: NORTHWIND_EVENTS,
};
/** Solo Partner: three months for two advertisers. */
export const SOLO_REPORT = { advertisers: SOLO_ADVERTISERS, days: 90, seed: 7 };
