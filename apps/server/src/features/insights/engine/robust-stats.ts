/**
 * Small statistics the insight detectors share. Medians and MADs rather than means and standard
 * deviations because the history a day is judged against may itself contain the odd spike, and
 * one outlier must not widen the baseline enough to hide the next.
 */

/** The factor that makes a MAD estimate the standard deviation of normally distributed data. */
export const MAD_TO_SIGMA = 1.4826;

function assertFiniteValues(values: readonly number[], what: string): void {
  if (values.length === 0) throw new RangeError(`${what} of no values is undefined`);
  for (const value of values) {
    // A NaN would make the sort order, and so the answer, depend on where it sits.
    if (!Number.isFinite(value)) throw new RangeError(`${what} needs finite values, got ${value}`);
  }
}

/** Reused by every small median: a run takes tens of thousands (npm run bench, "Insights"). */
const scratch = new Float64Array(64);

/** The first `values.length` slots of `scratch`, sorted: insertion sort, no allocation. */
function sortIntoScratch(values: readonly number[]): Float64Array {
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index]!;
    let slot = index - 1;
    while (slot >= 0 && scratch[slot]! > value) {
      scratch[slot + 1] = scratch[slot]!;
      slot -= 1;
    }
    scratch[slot + 1] = value;
  }
  return scratch;
}

export function median(values: readonly number[]): number {
  assertFiniteValues(values, 'The median');
  const sorted =
    values.length <= scratch.length ? sortIntoScratch(values) : Float64Array.from(values).sort();
  const middle = values.length >> 1;
  const upper = sorted[middle] as number;
  if (values.length % 2 === 1) return upper;
  const lower = sorted[middle - 1] as number;
  // Halving each side first keeps the mean of two huge values from overflowing.
  return lower / 2 + upper / 2;
}

/** Median absolute deviation from the median (unscaled: multiply by MAD_TO_SIGMA for a sigma). */
export function medianAbsoluteDeviation(values: readonly number[]): number {
  assertFiniteValues(values, 'The MAD');
  const centre = median(values);
  return median(values.map((value) => Math.abs(value - centre)));
}

/**
 * erfc(x) for x ≥ 0 by the Chebyshev fit of Numerical Recipes (erfcc), whose *relative* error is
 * below 1.2e-7 everywhere. Relative rather than absolute accuracy matters here: Benjamini–Hochberg
 * compares tiny p-values against thresholds like 0.01 / 7000, where Abramowitz–Stegun 7.1.26
 * (absolute error 1.5e-7) would be wrong by orders of magnitude.
 */
function complementaryErrorFunction(x: number): number {
  const t = 1 / (1 + 0.5 * x);
  const polynomial =
    -1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t *
                          (-1.13520398 +
                            t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  return t * Math.exp(-x * x + polynomial);
}

/**
 * P(|Z| ≥ |z|) for a standard normal Z, with a relative error below 1.2e-7 (see
 * complementaryErrorFunction). Underflows to 0 beyond |z| ≈ 38, where no threshold can tell the
 * difference.
 */
export function twoSidedNormalPValue(z: number): number {
  if (Number.isNaN(z)) return Number.NaN;
  return Math.min(1, complementaryErrorFunction(Math.abs(z) / Math.SQRT2));
}

/**
 * Benjamini–Hochberg step-up: which of the tests are rejected (true) while keeping the expected
 * share of false discoveries at or below q. Step-up, so a p-value above its own rank's threshold
 * is still rejected when a larger p-value further up meets its threshold.
 */
export function benjaminiHochberg(pValues: readonly number[], q: number): boolean[] {
  if (!(q > 0 && q <= 1)) throw new RangeError(`FDR level q must be in (0, 1], got ${q}`);
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`p-values must be in [0, 1], got ${p}`);
  }
  const m = pValues.length;
  const order = pValues.map((_, index) => index).sort((a, b) => pValues[a]! - pValues[b]!);
  let rejectedCount = 0;
  for (let rank = m; rank >= 1; rank -= 1) {
    // p ≤ rank·q/m, multiplied out so that an exact boundary is not lost to a division's rounding.
    if (pValues[order[rank - 1]!]! * m <= rank * q) {
      rejectedCount = rank;
      break;
    }
  }
  const rejected = new Array<boolean>(m).fill(false);
  for (let rank = 0; rank < rejectedCount; rank += 1) rejected[order[rank]!] = true;
  return rejected;
}
