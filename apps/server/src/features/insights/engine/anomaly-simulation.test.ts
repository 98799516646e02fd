import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findAnomalies, flagAnomalies } from './anomaly';
import type { AnomalyTest } from './anomaly';
import type { DailySeries } from './series';
import { buildSeries, createRandom, isWeekend, scaleDays } from './synthetic-series';
import type { SyntheticOptions } from './synthetic-series';

/*
 * The anomaly detector end to end on synthetic series with a known truth (synthetic-series.ts):
 * false alarms on clean data, injected spikes, weekly patterns, and scale invariance.
 */
const START = '2024-01-01'; // a Monday
const DAYS = 70; // ten weeks: the last index, 69, is a Sunday; 67 is a Friday

describe('findAnomalies + flagAnomalies on synthetic series', () => {
  it('raises at most 1 false alarm per 1,000 clean series-weeks', () => {
    // Four daily runs of 1,000 segments each, BH across each run's 7,000 tests as in production.
    // Segments span 5–5,000 events a day, weekends 40 % lower, trends up to ±1 %/week, Poisson
    // noise plus up to 3 % extra day-to-day variation; every other run is a money metric.
    const random = createRandom(20_240_601);
    const runs = 4;
    const seriesPerRun = 1000;
    let falseAlarms = 0;
    let testsMade = 0;
    for (let run = 0; run < runs; run += 1) {
      const kind = run % 2 === 0 ? 'count' : 'money';
      const valuePerEvent = kind === 'money' ? 5 + random() * 195 : 1;
      const tests: AnomalyTest[] = [];
      for (let segment = 0; segment < seriesPerRun; segment += 1) {
        const series = buildSeries({
          seed: Math.floor(random() * 2 ** 31),
          days: 63 + Math.floor(random() * 14),
          level: Math.exp(Math.log(5) + random() * Math.log(1000)),
          kind,
          valuePerEvent,
          trendPerWeek: (2 * random() - 1) * 0.01,
          overdispersion: random() * 0.03,
        });
        tests.push(...findAnomalies(series, { valuePerEvent }));
      }
      testsMade += tests.length;
      falseAlarms += flagAnomalies(tests, { minVolume: 50 * valuePerEvent }).length;
    }
    const seriesWeeks = runs * seriesPerRun;
    console.info(
      `anomaly false alarms: ${falseAlarms} in ${seriesWeeks} clean series-weeks ` +
        `(${((1000 * falseAlarms) / seriesWeeks).toFixed(2)} per 1,000; ${testsMade} day tests)`,
    );
    expect(testsMade).toBe(7 * seriesWeeks);
    expect(falseAlarms / seriesWeeks).toBeLessThanOrEqual(1 / 1000);
  });

  it('flags an injected spike above the volume floor, in a whole run of clean segments', () => {
    const spiked = scaleDays(buildSeries({ seed: 5, days: DAYS, level: 400 }), [67], 2.5);
    const tests = findAnomalies(spiked).map((t) => ({ ...t, segment: 'spiked' }));
    for (let segment = 0; segment < 300; segment += 1) {
      const clean = buildSeries({ seed: 100 + segment, days: DAYS, level: 400 });
      tests.push(...findAnomalies(clean).map((t) => ({ ...t, segment: `clean-${segment}` })));
    }
    const flagged = flagAnomalies(tests, { minVolume: 100 });
    expect(flagged.map((t) => [t.segment, t.index])).toEqual([['spiked', 67]]);
    expect(flagged[0]!.delta).toBeGreaterThan(1.2);
  });

  it('does not flag the same relative spike on a segment below minVolume', () => {
    const small = scaleDays(buildSeries({ seed: 6, days: DAYS, level: 20 }), [67], 2.5);
    const tests = findAnomalies(small);
    expect(flagAnomalies(tests, { minVolume: 100 })).toEqual([]);
    // Only the volume floor stands in the way: without it the spike is flagged.
    expect(flagAnomalies(tests, { minVolume: 0 }).map((t) => t.index)).toEqual([67]);
  });

  it('never flags weekend dips, however deep, because weekends are compared with weekends', () => {
    let weekendTests = 0;
    for (let seed = 0; seed < 200; seed += 1) {
      const options: SyntheticOptions = {
        seed,
        days: DAYS + (seed % 7), // the weekend falls on every position of the tested week
        level: 50 + 10 * seed,
        weekendFactor: seed % 2 === 0 ? 0.6 : 0.1,
      };
      const tests = findAnomalies(buildSeries(options));
      weekendTests += tests.filter((t) => isWeekend(START, t.index)).length;
      expect(flagAnomalies(tests, { minVolume: 0 })).toEqual([]);
    }
    expect(weekendTests).toBe(400);
  });

  it('flags the same days of a money series after scaling amounts and valuePerEvent by 1,000', () => {
    let runsWithFlags = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 20, max: 2000, noNaN: true }),
        fc.double({ min: 1, max: 200, noNaN: true }),
        fc.integer({ min: 63, max: 69 }),
        fc.double({ min: 0.2, max: 3, noNaN: true }),
        (seed, level, valuePerEvent, spikeDay, factor) => {
          const series = scaleDays(
            buildSeries({ seed, days: DAYS, level, kind: 'money', valuePerEvent }),
            [spikeDay],
            factor,
          );
          const flaggedDays = (s: DailySeries, perEvent: number, minVolume: number) =>
            flagAnomalies(findAnomalies(s, { valuePerEvent: perEvent }), { minVolume }).map(
              (t) => t.index,
            );
          const original = flaggedDays(series, valuePerEvent, 30 * valuePerEvent);
          const scaled = flaggedDays(
            { ...series, values: series.values.map((value) => value * 1000) },
            valuePerEvent * 1000,
            30 * valuePerEvent * 1000,
          );
          expect(scaled).toEqual(original);
          if (original.length > 0) runsWithFlags += 1;
        },
      ),
      { numRuns: 200 },
    );
    // The property is only worth something if some runs had a flagged day to preserve.
    expect(runsWithFlags).toBeGreaterThan(20);
  });
});
