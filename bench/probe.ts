import { sleep } from './abuse/abuse-server';

/** How often the probe calls: one call at a time, this long apart. */
export const PROBE_EVERY_MS = 50;

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
  /** The slowest: one call that waited out a long lock shows here, not in p99. */
  max: number;
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

export function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    count: sorted.length,
    p50: round(at(0.5)),
    p99: round(at(0.99)),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/**
 * Another user's GET /api/user, one at a time every PROBE_EVERY_MS until `until` resolves: what
 * a person clicking around feels while the server does something big.
 */
export async function probe(url: string, headers: Record<string, string>, until: Promise<unknown>) {
  let done = false;
  void until.finally(() => (done = true));
  const samples: number[] = [];
  while (!done) {
    const started = performance.now();
    const answer = await fetch(`${url}/api/user`, { headers });
    await answer.arrayBuffer();
    if (answer.ok) samples.push(performance.now() - started);
    await sleep(PROBE_EVERY_MS);
  }
  return latencies(samples);
}
