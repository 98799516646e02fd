import type { AdvertiserPlan } from './report-generator';

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

/** Northwind Media: a year for six advertisers. */
export const NORTHWIND_REPORT = { advertisers: NORTHWIND_ADVERTISERS, days: 365, seed: 20_261_123 };
/** Solo Partner: three months for two advertisers. */
export const SOLO_REPORT = { advertisers: SOLO_ADVERTISERS, days: 90, seed: 7 };
