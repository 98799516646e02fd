import { describe, expect, it } from 'vitest';
import {
  MIN_FIT_DAYS,
  fitHoltWinters,
  forecastHoltWinters,
  forecastStandardDeviations,
  forecastSumStandardDeviation,
} from './holt-winters';
import { buildSeries, createRandom } from './synthetic-series';

const FIT_DAYS = 20 * 7;
const HORIZON = 7;

/** A weekly pattern plus a linear trend, without noise: the model's own structure. */
const noiseFree = (days: number) =>
  Array.from({ length: days }, (_, index) => {
    const weekday = [120, 135, 128, 140, 150, 60, 45][index % 7]!;
    return weekday + 0.8 * index;
  });

describe('fitHoltWinters + forecastHoltWinters on synthetic series', () => {
  it('covers 93–97 % of held-out days with its 95 % intervals', () => {
    // Fit on 20 weeks, forecast the next 7 days. 500 series spanning 20–2,000 events a day,
    // weekends 0–60 % lower, trends up to ±2 %/week, Poisson noise.
    const random = createRandom(20_240_715);
    const seriesCount = 500;
    let covered = 0;
    let forecasts = 0;
    for (let run = 0; run < seriesCount; run += 1) {
      const { values } = buildSeries({
        seed: Math.floor(random() * 2 ** 31),
        days: FIT_DAYS + HORIZON,
        level: Math.exp(Math.log(20) + random() * Math.log(100)),
        weekendFactor: 0.4 + random() * 0.6,
        trendPerWeek: (2 * random() - 1) * 0.02,
      });
      const fit = fitHoltWinters(values.slice(0, FIT_DAYS));
      forecastHoltWinters(fit, HORIZON).forEach((step, offset) => {
        const actual = values[FIT_DAYS + offset]!;
        if (actual >= step.lower && actual <= step.upper) covered += 1;
        forecasts += 1;
      });
    }
    const coverage = covered / forecasts;
    console.info(
      `holt-winters 95 % interval coverage: ${(100 * coverage).toFixed(2)} % of ${forecasts} ` +
        `held-out days (${seriesCount} series, 1–${HORIZON} days ahead)`,
    );
    expect(forecasts).toBe(seriesCount * HORIZON);
    expect(coverage).toBeGreaterThanOrEqual(0.93);
    expect(coverage).toBeLessThanOrEqual(0.97);
  });

  it('forecasts a noise-free weekly pattern with a trend almost exactly, with a collapsed interval', () => {
    const values = noiseFree(FIT_DAYS + 28);
    const fit = fitHoltWinters(values.slice(0, FIT_DAYS));
    expect(fit.residualVariance).toBeLessThan(1e-18);
    forecastHoltWinters(fit, 28).forEach((step, offset) => {
      const actual = values[FIT_DAYS + offset]!;
      expect(Math.abs(step.mean - actual)).toBeLessThan(1e-8);
      expect(step.upper - step.lower).toBeLessThan(1e-6);
    });
  });

  it('chooses parameters in [0, 1] that beat a deliberately bad fixed set on one-step error', () => {
    for (let seed = 0; seed < 20; seed += 1) {
      const { values } = buildSeries({ seed, days: FIT_DAYS, level: 300, trendPerWeek: 0.01 });
      const searched = fitHoltWinters(values);
      for (const value of Object.values(searched.params)) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
      expect(searched.params.gamma).toBeLessThanOrEqual(1 - searched.params.alpha);
      // Chasing every day's noise with the level and trend, and hardly learning the season.
      const bad = fitHoltWinters(values, { alpha: 0.95, beta: 0.9, gamma: 0 });
      expect(bad.params).toEqual({ alpha: 0.95, beta: 0.9, gamma: 0 });
      expect(searched.residualVariance).toBeLessThan(bad.residualVariance);
    }
  });

  it('keeps fixed parameters as given instead of searching', () => {
    const { values } = buildSeries({ seed: 3, days: FIT_DAYS, level: 300 });
    const params = { alpha: 0.3, beta: 0.2, gamma: 0.1 };
    expect(fitHoltWinters(values, params).params).toEqual(params);
  });

  it('scales forecasts and intervals with the data', () => {
    const { values } = buildSeries({ seed: 11, days: FIT_DAYS, level: 80, trendPerWeek: -0.01 });
    const original = forecastHoltWinters(fitHoltWinters(values), 14);
    const scaled = forecastHoltWinters(fitHoltWinters(values.map((value) => value * 37.5)), 14);
    scaled.forEach((step, offset) => {
      const base = original[offset]!;
      expect(step.mean).toBeCloseTo(base.mean * 37.5, 6);
      expect(step.lower).toBeCloseTo(base.lower * 37.5, 6);
      expect(step.upper).toBeCloseTo(base.upper * 37.5, 6);
    });
  });
});

describe('forecastStandardDeviations', () => {
  it('widens with the horizon by σ² · (1 + Σ c_j²), c_j = α(1 + jβ) + γ on whole weeks', () => {
    const { values } = buildSeries({ seed: 5, days: FIT_DAYS, level: 500 });
    const fit = fitHoltWinters(values, { alpha: 0.2, beta: 0.1, gamma: 0.15 });
    const deviations = forecastStandardDeviations(fit, 9);
    const sigma = Math.sqrt(fit.residualVariance);
    expect(deviations[0]).toBeCloseTo(sigma, 10);
    // Written out for h = 9: lags 1…8, lag 7 carrying the seasonal gain as well.
    let multiplier = 1;
    for (let lag = 1; lag <= 8; lag += 1) {
      const c = 0.2 * (1 + lag * 0.1) + (lag === 7 ? 0.15 : 0);
      multiplier += c * c;
    }
    expect(deviations[8]).toBeCloseTo(sigma * Math.sqrt(multiplier), 10);
    for (let step = 1; step < deviations.length; step += 1) {
      expect(deviations[step]!).toBeGreaterThan(deviations[step - 1]!);
    }
  });

  it('gives intervals symmetric around the mean at 1.96 standard deviations', () => {
    const { values } = buildSeries({ seed: 6, days: FIT_DAYS, level: 500 });
    const fit = fitHoltWinters(values);
    const deviations = forecastStandardDeviations(fit, 5);
    forecastHoltWinters(fit, 5).forEach((step, offset) => {
      expect(step.upper - step.mean).toBeCloseTo(1.96 * deviations[offset]!, 1);
      expect(step.mean - step.lower).toBeCloseTo(step.upper - step.mean, 8);
    });
    expect(forecastHoltWinters(fit, 0)).toEqual([]);
  });
});

describe('forecastSumStandardDeviation', () => {
  it('weighs each future error by how far it carries into the later days of the sum', () => {
    const { values } = buildSeries({ seed: 7, days: FIT_DAYS, level: 500 });
    const fit = fitHoltWinters(values, { alpha: 0.2, beta: 0.1, gamma: 0.15 });
    const variance = fit.residualVariance;
    expect(forecastSumStandardDeviation(fit, 0)).toBe(0);
    expect(forecastSumStandardDeviation(fit, 1)).toBeCloseTo(Math.sqrt(variance), 10);
    // Two days: the second day's own error, and the first day's error carried into it by c_1.
    const c1 = 0.2 * (1 + 0.1);
    expect(forecastSumStandardDeviation(fit, 2)).toBeCloseTo(
      Math.sqrt(variance * (1 + (1 + c1) ** 2)),
      10,
    );
    // Narrower than the days' deviations added up (which would treat their errors as one).
    const added = forecastStandardDeviations(fit, 20).reduce((sum, value) => sum + value, 0);
    expect(forecastSumStandardDeviation(fit, 20)).toBeLessThan(added);
  });
});

describe('Holt–Winters input checks', () => {
  it('needs three weeks of finite values and parameters in [0, 1]', () => {
    const values = noiseFree(MIN_FIT_DAYS);
    expect(MIN_FIT_DAYS).toBe(21);
    expect(() => fitHoltWinters(values.slice(1))).toThrow(RangeError);
    expect(() => fitHoltWinters([...values.slice(1), Number.NaN])).toThrow(RangeError);
    expect(() => fitHoltWinters(values, { alpha: 1.2, beta: 0, gamma: 0 })).toThrow(RangeError);
    expect(() => fitHoltWinters(values, { alpha: 0.2, beta: -0.1, gamma: 0 })).toThrow(RangeError);
    expect(() => forecastHoltWinters(fitHoltWinters(values), 1.5)).toThrow(RangeError);
    expect(() => forecastHoltWinters(fitHoltWinters(values), -1)).toThrow(RangeError);
  });
});
