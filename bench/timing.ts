/** The p-th percentile of samples in milliseconds, to one decimal. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(1),
  );
}

/** Runs `run` one after another `times` times and answers each run's milliseconds. */
export async function timed(times: number, run: () => Promise<void>): Promise<number[]> {
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples;
}

/** The median, the 95th percentile and the count of samples, in milliseconds. */
export function summarize(samples: number[]): { p50: number; p95: number; samples: number } {
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), samples: samples.length };
}
