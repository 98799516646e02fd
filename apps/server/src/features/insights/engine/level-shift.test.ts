import { describe, expect, it } from 'vitest';
import { findAnomalies, flagAnomalies } from './anomaly';
import type { AnomalyTest } from './anomaly';
import { findLevelShift } from './level-shift';
import { buildSeries, scaleDays } from './synthetic-series';

/** A flagged day as flagAnomalies would return it; only index and delta matter here. */
const day = (index: number, delta: number): AnomalyTest => ({
  index,
  date: `day-${index}`,
  actual: 400 * (1 + delta),
  expected: 400,
  z: delta * 20,
  delta,
  pValue: 1e-9,
});

describe('findLevelShift on synthetic series', () => {
  it('reports a −40 % drop over the last four days once, as a shift', () => {
    const series = scaleDays(buildSeries({ seed: 7, days: 70, level: 400 }), [66, 67, 68, 69], 0.6);
    const flagged = flagAnomalies(findAnomalies(series), { minVolume: 100 });
    // Without the folding, the drop would be four separate anomalies.
    expect(flagged.map((test) => test.index)).toEqual([66, 67, 68, 69]);
    const { shift, remainingAnomalies } = findLevelShift(flagged, 69);
    expect(shift).toMatchObject({
      firstIndex: 66,
      firstDate: '2024-03-07',
      days: 4,
      direction: 'down',
    });
    expect(shift!.meanDelta).toBeGreaterThan(-0.5);
    expect(shift!.meanDelta).toBeLessThan(-0.3);
    expect(remainingAnomalies).toEqual([]);
  });

  it('keeps an isolated spike as an anomaly of its own', () => {
    const series = scaleDays(buildSeries({ seed: 8, days: 70, level: 400 }), [67], 2.5);
    const flagged = flagAnomalies(findAnomalies(series), { minVolume: 100 });
    expect(flagged).toHaveLength(1);
    expect(findLevelShift(flagged, 69)).toEqual({ shift: null, remainingAnomalies: flagged });
  });
});

describe('findLevelShift rules', () => {
  it('needs three days: two flagged days stay separate anomalies', () => {
    const flagged = [day(67, -0.4), day(69, -0.45)];
    expect(findLevelShift(flagged, 69)).toEqual({ shift: null, remainingAnomalies: flagged });
  });

  it('averages the deltas and starts at the earliest day, whatever the input order', () => {
    const { shift } = findLevelShift([day(69, 0.5), day(64, 0.3), day(66, 0.4)], 69);
    expect(shift).toMatchObject({ firstIndex: 64, firstDate: 'day-64', days: 3, direction: 'up' });
    expect(shift!.meanDelta).toBeCloseTo(0.4, 12);
  });

  it('leaves a day in the other direction as an anomaly', () => {
    const spike = day(63, 1.5);
    const { shift, remainingAnomalies } = findLevelShift(
      [spike, day(67, -0.4), day(68, -0.4), day(69, -0.4)],
      69,
    );
    expect(shift).toMatchObject({ days: 3, direction: 'down', firstIndex: 67 });
    expect(remainingAnomalies).toEqual([spike]);
  });

  it('finds no shift when both directions reach three (an erratic week)', () => {
    const flagged = [63, 64, 65]
      .map((i) => day(i, 0.5))
      .concat([66, 67, 68].map((i) => day(i, -0.5)));
    expect(findLevelShift(flagged, 69)).toEqual({ shift: null, remainingAnomalies: flagged });
  });

  it('counts only the seven days ending at lastIndex', () => {
    const flagged = [day(62, -0.4), day(64, -0.4), day(66, -0.4)];
    // From day 69 the window is 63…69: day 62 is a week old and only two days count.
    expect(findLevelShift(flagged, 69).shift).toBeNull();
    // From day 68 the window is 62…68 and holds all three.
    expect(findLevelShift(flagged, 68).shift).toMatchObject({ firstIndex: 62, days: 3 });
    // Days after lastIndex do not count either, and stay anomalies.
    const later = [day(60, -0.4), day(64, -0.4), day(66, -0.4), day(69, -0.4)];
    expect(findLevelShift(later, 68)).toEqual({ shift: null, remainingAnomalies: later });
  });

  it('handles no flagged days', () => {
    expect(findLevelShift([], 69)).toEqual({ shift: null, remainingAnomalies: [] });
  });
});
