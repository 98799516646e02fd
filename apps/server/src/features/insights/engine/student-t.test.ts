import { describe, expect, it } from 'vitest';
import { twoSidedNormalPValue } from './robust-stats';
import { twoSidedStudentTPValue } from './student-t';

describe('twoSidedStudentTPValue', () => {
  // Critical values from any t table (two-sided).
  it.each([
    [12.706, 1, 0.05],
    [2.365, 7, 0.05],
    [3.499, 7, 0.01],
    [5.408, 7, 0.001],
    [2.228, 10, 0.05],
    [4.587, 10, 0.001],
    [1.96, 1e6, 0.05],
  ])('P(|T| ≥ %s) with %s degrees of freedom is %s', (t, degrees, p) => {
    expect(twoSidedStudentTPValue(t, degrees)).toBeCloseTo(p, 4);
    expect(twoSidedStudentTPValue(-t, degrees)).toBeCloseTo(p, 4);
  });

  it('is 1 at zero, falls with |t|, and meets the normal as the degrees grow', () => {
    expect(twoSidedStudentTPValue(0, 7)).toBeCloseTo(1, 12);
    let previous = 1;
    for (let t = 0.5; t <= 20; t += 0.5) {
      const p = twoSidedStudentTPValue(t, 7);
      expect(p).toBeLessThan(previous);
      previous = p;
    }
    expect(twoSidedStudentTPValue(4, 1e7) / twoSidedNormalPValue(4)).toBeCloseTo(1, 3);
    // Heavier tails than the normal: what the normal calls 1 in 2,000 is about 1 in 100 here.
    expect(twoSidedStudentTPValue(3.5, 7)).toBeGreaterThan(20 * twoSidedNormalPValue(3.5));
  });

  it('is 0 for an infinite t, NaN for NaN, and refuses degrees that are not positive', () => {
    expect(twoSidedStudentTPValue(Infinity, 7)).toBe(0);
    expect(twoSidedStudentTPValue(Number.NaN, 7)).toBeNaN();
    expect(() => twoSidedStudentTPValue(1, 0)).toThrow(RangeError);
  });
});
