import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAD_TO_SIGMA,
  benjaminiHochberg,
  median,
  medianAbsoluteDeviation,
  twoSidedNormalPValue,
} from './robust-stats';
import { createRandom, drawNormal } from './synthetic-series';

describe('median', () => {
  it('takes the middle value of an odd count and the mean of the middle two of an even count', () => {
    expect(median([5])).toBe(5);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([-10, 7, -3, 100, 0])).toBe(0);
  });

  it('sorts numerically, not as strings', () => {
    // A default sort would order 100 before 9 and answer 9.
    expect(median([9, 100, 20])).toBe(20);
  });

  it('leaves its input untouched', () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });

  it('does not overflow on two huge values', () => {
    expect(median([Number.MAX_VALUE, Number.MAX_VALUE])).toBe(Number.MAX_VALUE);
  });

  it('refuses empty or non-finite input', () => {
    expect(() => median([])).toThrow(RangeError);
    expect(() => median([1, Number.NaN, 3])).toThrow(RangeError);
    expect(() => median([1, Number.POSITIVE_INFINITY])).toThrow(RangeError);
  });
});

describe('medianAbsoluteDeviation', () => {
  it('matches a hand-worked example', () => {
    // Median 2; absolute deviations 1,1,0,0,2,4,7; their median is 1.
    expect(medianAbsoluteDeviation([1, 1, 2, 2, 4, 6, 9])).toBe(1);
  });

  it('is zero for a constant series and ignores a single outlier', () => {
    expect(medianAbsoluteDeviation([7, 7, 7, 7])).toBe(0);
    expect(medianAbsoluteDeviation([10, 11, 12, 13, 14])).toBe(1);
    expect(medianAbsoluteDeviation([10, 11, 12, 13, 14_000])).toBe(1);
  });

  it('is unchanged by a shift and scales with the data', () => {
    const values = [3, 8, 1, 9, 4, 4, 12];
    const mad = medianAbsoluteDeviation(values);
    expect(medianAbsoluteDeviation(values.map((v) => v + 1000))).toBe(mad);
    expect(medianAbsoluteDeviation(values.map((v) => v * -3))).toBe(mad * 3);
  });

  it('times MAD_TO_SIGMA estimates the standard deviation of normal data', () => {
    const random = createRandom(20240601);
    const sample = Array.from({ length: 20_000 }, () => 50 + 4 * drawNormal(random));
    expect(MAD_TO_SIGMA * medianAbsoluteDeviation(sample)).toBeCloseTo(4, 1);
  });
});

describe('twoSidedNormalPValue', () => {
  // Reference values: erfc(z / √2) in double precision (Python's math.erfc).
  const known: Array<[number, number]> = [
    [0, 1],
    [0.5, 0.6170750774519738],
    [1, 0.31731050786291415],
    [1.96, 0.04999579029644087],
    [2.5758293035489004, 0.01],
    [3.2905267314919255, 0.001],
    [3.5, 0.0004652581580710501],
    [5, 5.733031437583892e-7],
    [6, 1.9731752900754024e-9],
    [8, 1.2441921148543639e-15],
    [10, 1.5239706048321186e-23],
  ];

  it.each(known)('z = %d gives p ≈ %d within the documented 1.2e-7 relative error', (z, p) => {
    expect(Math.abs(twoSidedNormalPValue(z) - p) / p).toBeLessThan(1.2e-7);
    expect(Math.abs(twoSidedNormalPValue(-z) - p) / p).toBeLessThan(1.2e-7);
  });

  it('gives the textbook values the detectors are tuned with', () => {
    expect(twoSidedNormalPValue(1.96)).toBeCloseTo(0.05, 4);
    expect(twoSidedNormalPValue(3.5)).toBeCloseTo(0.000465, 6);
  });

  it('falls monotonically from 1 to 0 and handles the extremes', () => {
    const pValues = Array.from({ length: 4001 }, (_, step) => twoSidedNormalPValue(step / 100));
    const rises = pValues.filter((p, step) => step > 0 && p > pValues[step - 1]!);
    expect(rises).toEqual([]);
    expect(pValues[0]).toBe(1);
    expect(pValues[4000]).toBe(0);
    expect(twoSidedNormalPValue(Number.POSITIVE_INFINITY)).toBe(0);
    expect(twoSidedNormalPValue(Number.NaN)).toBeNaN();
  });
});

describe('benjaminiHochberg', () => {
  it('matches a hand-worked example', () => {
    // m = 8, q = 0.05: thresholds k·q/m = 0.00625, 0.0125, 0.01875, … The two smallest p-values
    // meet theirs (0.001 ≤ 0.00625, 0.008 ≤ 0.0125); 0.039 > 0.01875 and no later one recovers.
    const pValues = [0.205, 0.039, 0.001, 0.074, 0.041, 0.008, 0.06, 0.042];
    expect(benjaminiHochberg(pValues, 0.05)).toEqual([
      false,
      false,
      true,
      false,
      false,
      true,
      false,
      false,
    ]);
  });

  it('steps up: a p-value above its own threshold is rejected when a larger one meets its own', () => {
    // Thresholds 0.0167, 0.0333, 0.05: 0.02 misses the first, but 0.035 ≤ 0.05 rejects all three.
    // A step-down (Holm-like) procedure would stop at the first and reject nothing.
    expect(benjaminiHochberg([0.035, 0.02, 0.03], 0.05)).toEqual([true, true, true]);
  });

  it('is stricter than testing each p-value at q on its own', () => {
    expect(benjaminiHochberg([0.009, 0.5, 0.6, 0.7], 0.01)).toEqual([false, false, false, false]);
    expect(benjaminiHochberg([0.0025, 0.5, 0.6, 0.7], 0.01)).toEqual([true, false, false, false]);
  });

  it('handles ties and the empty run', () => {
    expect(benjaminiHochberg([0.01, 0.01, 0.01], 0.02)).toEqual([true, true, true]);
    expect(benjaminiHochberg([], 0.01)).toEqual([]);
  });

  it('refuses a q or p-value outside its range', () => {
    expect(() => benjaminiHochberg([0.1], 0)).toThrow(RangeError);
    expect(() => benjaminiHochberg([0.1], 1.5)).toThrow(RangeError);
    expect(() => benjaminiHochberg([Number.NaN], 0.1)).toThrow(RangeError);
    expect(() => benjaminiHochberg([-0.1], 0.1)).toThrow(RangeError);
  });

  it('agrees with the adjusted-p-value formulation', () => {
    // Independent formulation: reject i when min over ranks j ≥ rank(i) of m·p(j)/j is ≤ q.
    const adjustedRejections = (pValues: number[], q: number): boolean[] => {
      const m = pValues.length;
      const sorted = [...pValues].sort((a, b) => a - b);
      const adjusted = sorted.map((_, rank) =>
        Math.min(...sorted.slice(rank).map((p, offset) => (m * p) / (rank + offset + 1))),
      );
      return pValues.map((p) => adjusted[sorted.indexOf(p)]! <= q);
    };
    // Multiples of 1/1024 keep both formulations exact, so a tie at a threshold cannot be decided
    // differently by rounding; the coarse grid also makes ties between p-values common.
    const dyadic = (min: number, max: number) =>
      fc.integer({ min, max }).map((numerator) => numerator / 1024);
    fc.assert(
      fc.property(fc.array(dyadic(0, 1024), { maxLength: 40 }), dyadic(1, 512), (pValues, q) => {
        expect(benjaminiHochberg(pValues, q)).toEqual(adjustedRejections(pValues, q));
      }),
    );
  });
});
