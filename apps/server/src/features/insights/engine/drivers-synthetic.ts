/**
 * Test support only (imported by drivers.test.ts, never by the app): leaf rows for explainChange
 * with a known truth, from the seeded generator of synthetic-series.ts so every failure replays.
 */
import type { DriverRow } from './drivers';
import { createRandom, drawNormal } from './synthetic-series';

type Dims = DriverRow['dims'];

/** Share of volume per value: real portfolios have a big advertiser, a main device, a home market. */
const ADVERTISERS: Record<string, number> = {
  'Acme Shoes': 0.3,
  'Bolt Bikes': 0.18,
  'Cora Coffee': 0.13,
  'Dune Travel': 0.1,
  'Echo Audio': 0.09,
  'Fern Garden': 0.08,
  'Gale Sports': 0.07,
  'Hale Books': 0.05,
};
/** The same campaign names under every advertiser, as in real accounts. */
const CAMPAIGNS: Record<string, number> = { Brand: 0.5, Retargeting: 0.3, 'Summer Sale': 0.2 };
const CHANNELS: Record<string, number> = { search: 0.5, social: 0.3, display: 0.2 };
const COUNTRIES: Record<string, number> = { DE: 0.35, FR: 0.2, GB: 0.2, NL: 0.1, US: 0.15 };
const DEVICES: Record<string, number> = { mobile: 0.55, desktop: 0.35, tablet: 0.1 };

export interface LeafOptions {
  seed: number;
  /** The whole portfolio's weekly volume before noise. */
  volume?: number;
  /** Week-to-week variation of each leaf beyond its true change (coefficient of variation). */
  noise?: number;
  /** A leaf's true after/before factor (default 1: no change). */
  factorOf?: (dims: Dims) => number;
  /** Equal volume for every value instead of the skewed shares above. */
  uniform?: boolean;
}

/** 8 advertisers × 3 campaigns × 3 channels × 5 countries × 3 devices = 1,080 leaf rows. */
export function buildLeafRows(options: LeafOptions): DriverRow[] {
  const random = createRandom(options.seed);
  const noise = options.noise ?? 0.03;
  const volume = options.volume ?? 1_000_000;
  const weight = (shares: Record<string, number>, value: string) =>
    options.uniform ? 1 / Object.keys(shares).length : (shares[value] ?? 0);
  const noisy = (mean: number) => Math.max(0, mean * (1 + noise * drawNormal(random)));
  const cents = (value: number) => Math.round(value * 100) / 100;
  const rows: DriverRow[] = [];
  for (const advertiser of Object.keys(ADVERTISERS)) {
    for (const campaign of Object.keys(CAMPAIGNS)) {
      for (const channel of Object.keys(CHANNELS)) {
        for (const country of Object.keys(COUNTRIES)) {
          for (const device of Object.keys(DEVICES)) {
            const dims = { advertiser, campaign, channel, country, device };
            const level =
              volume *
              weight(ADVERTISERS, advertiser) *
              weight(CAMPAIGNS, campaign) *
              weight(CHANNELS, channel) *
              weight(COUNTRIES, country) *
              weight(DEVICES, device);
            const factor = options.factorOf?.(dims) ?? 1;
            rows.push({ dims, before: cents(noisy(level)), after: cents(noisy(level * factor)) });
          }
        }
      }
    }
  }
  return rows;
}
