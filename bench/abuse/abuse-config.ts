// The abuse bench's settings and the demo accounts it signs in as (bench/abuse.ts).

import { DEMO_PASSWORD } from '../../apps/server/src/db/seed/demo-password';

export const HEADING = '## Abuse: 100,000 bad requests and a mixed load';
export const root = new URL('../..', import.meta.url).pathname;

export const REQUESTS = Number(process.env.ABUSE_REQUESTS) || 100_000;
export const MIXED_SECONDS = Number(process.env.ABUSE_MIXED_SECONDS) || 30;
export const seed = Number(process.env.FC_SEED) || Date.now() % 2 ** 31;
export const FUZZ_IN_FLIGHT = 32;
export const MIXED_CONNECTIONS = 50;
export const WARM_UP_REQUESTS = 2_000;
/** One request in this many carries a 10 MB body (20 of 100,000). */
export const TEN_MB_EVERY = 5_000;
export const BATCH = 64;
export const REQUEST_TIMEOUT_MS = 60_000;

export const XSRF = 'bench-xsrf-token';
export const n = (value: number) => value.toLocaleString('en');
export { DEMO_PASSWORD };
export const DEMO = {
  owner: 'owner@demo.test',
  admin: 'admin@demo.test',
  advertiser: 'advertiser@demo.test',
} as const;
export const CORE_WORKBOOK = 'local-core-overview';
