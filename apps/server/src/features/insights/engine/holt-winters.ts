/**
 * Additive Holt–Winters with a weekly season, for forecasting a daily series a few weeks ahead
 * with prediction intervals. Additive rather than multiplicative so the model stays linear in the
 * data: scaling a series scales its forecast and intervals by the same factor, and a day of zero
 * cannot blow up a seasonal ratio.
 *
 * Written in the error-correction (state-space) form of Hyndman et al., "Forecasting with
 * Exponential Smoothing" (2008), model ETS(A,A,A), because its prediction-interval variance has a
 * closed form. With e_t the one-step error y_t − (ℓ_{t−1} + b_{t−1} + s_{t−7}):
 *   ℓ_t = ℓ_{t−1} + b_{t−1} + α·e_t
 *   b_t = b_{t−1} + α·β·e_t
 *   s_t = s_{t−7} + γ·e_t
 * β is the classical trend smoothing (the trend gain is α·β) and γ the seasonal gain, which is
 * the classical seasonal smoothing times (1 − α); hence the constraint γ ≤ 1 − α.
 */

const SEASON_DAYS = 7;
/** The first two weeks initialise level, trend and season; errors are measured after them. */
const INITIAL_DAYS = 2 * SEASON_DAYS;
/** Two weeks to initialise plus at least one week of one-step errors to estimate the variance. */
export const MIN_FIT_DAYS = INITIAL_DAYS + SEASON_DAYS;
/** The two-sided 95 % quantile of the standard normal. */
export const Z_95 = 1.959963984540054;

/**
 * 5 × 3 × 4 = 60 combinations (none breaks γ ≤ 1 − α), so a fit is 60 linear passes. Coarse on
 * purpose: the one-step error is flat near its minimum, and a finer grid would mostly fit noise.
 */
const ALPHA_GRID = [0.05, 0.1, 0.2, 0.4, 0.7];
const BETA_GRID = [0, 0.03, 0.1];
const GAMMA_GRID = [0, 0.05, 0.15, 0.3];

/**
 * Relative margin a grid point's error must win by. Without it, rounding could pick a different
 * one of two near-equal fits once the series is scaled, and scaling would change the forecast by
 * more than rounding.
 */
const TIE_MARGIN = 1e-9;

export interface HoltWintersParams {
  alpha: number;
  beta: number;
  gamma: number;
}

export interface HoltWintersFit {
  params: HoltWintersParams;
  /** Level and trend after the last fitted day. */
  level: number;
  trend: number;
  /** Latest seasonal effect per weekday position: season[index % 7] belongs to values[index]. */
  season: number[];
  /** How many values were fitted: the first forecast step is for index `length`. */
  length: number;
  /**
   * Mean squared one-step-ahead error over the days after the two initialisation weeks: the σ²
   * of the prediction intervals.
   */
  residualVariance: number;
}

export interface ForecastStep {
  mean: number;
  /** Bounds of the 95 % prediction interval. */
  lower: number;
  upper: number;
}

interface SmoothingState {
  level: number;
  trend: number;
  season: number[];
}

function assertFitInput(values: readonly number[]): void {
  if (values.length < MIN_FIT_DAYS) {
    throw new RangeError(`Holt–Winters needs at least ${MIN_FIT_DAYS} days, got ${values.length}`);
  }
  for (const value of values) {
    if (!Number.isFinite(value)) throw new RangeError(`Holt–Winters needs finite values: ${value}`);
  }
}

function assertParams({ alpha, beta, gamma }: HoltWintersParams): void {
  for (const [name, value] of [
    ['alpha', alpha],
    ['beta', beta],
    ['gamma', gamma],
  ] as const) {
    if (!(value >= 0 && value <= 1))
      throw new RangeError(`${name} must be in [0, 1], got ${value}`);
  }
}

function meanOfWeek(values: readonly number[], firstIndex: number): number {
  let sum = 0;
  for (let index = firstIndex; index < firstIndex + SEASON_DAYS; index += 1) sum += values[index]!;
  return sum / SEASON_DAYS;
}

/**
 * Level, trend and season from the first two weeks: the trend is the change between the weekly
 * means, and each weekday's effect is its average distance from its week's mean once the trend
 * within the week is taken out. Exact for a linear trend plus a fixed weekly pattern.
 */
function initialiseState(values: readonly number[]): SmoothingState {
  const firstMean = meanOfWeek(values, 0);
  const secondMean = meanOfWeek(values, SEASON_DAYS);
  const trend = (secondMean - firstMean) / SEASON_DAYS;
  // A week's mean is the trend line at its middle day, index 3 of the week.
  const season = Array.from({ length: SEASON_DAYS }, (_, phase) => {
    const withinWeekTrend = (phase - 3) * trend;
    const first = values[phase]! - firstMean - withinWeekTrend;
    const second = values[phase + SEASON_DAYS]! - secondMean - withinWeekTrend;
    return (first + second) / 2;
  });
  // The state "before index 0", four trend steps before the first week's middle day.
  return { level: firstMean - 4 * trend, trend, season };
}

/** One pass of the recursion: the state after the last value and the summed squared error. */
function smoothValues(
  values: readonly number[],
  { alpha, beta, gamma }: HoltWintersParams,
  initial: SmoothingState,
): { state: SmoothingState; squaredError: number } {
  let { level, trend } = initial;
  const season = [...initial.season];
  const trendGain = alpha * beta;
  let squaredError = 0;
  for (let index = 0; index < values.length; index += 1) {
    const phase = index % SEASON_DAYS;
    const error = values[index]! - (level + trend + season[phase]!);
    // The initialisation weeks were fitted from these very values, so their errors flatter.
    if (index >= INITIAL_DAYS) squaredError += error * error;
    level += trend + alpha * error;
    trend += trendGain * error;
    season[phase] = season[phase]! + gamma * error;
  }
  return { state: { level, trend, season }, squaredError };
}

/** The grid point with the smallest one-step squared error; the earlier one on a near-tie. */
function searchParams(values: readonly number[], initial: SmoothingState): HoltWintersParams {
  let best: HoltWintersParams | null = null;
  let bestError = Infinity;
  for (const alpha of ALPHA_GRID) {
    for (const beta of BETA_GRID) {
      for (const gamma of GAMMA_GRID) {
        if (gamma > 1 - alpha) continue;
        const params = { alpha, beta, gamma };
        const { squaredError } = smoothValues(values, params, initial);
        if (best === null || squaredError < bestError * (1 - TIE_MARGIN)) {
          best = params;
          bestError = squaredError;
        }
      }
    }
  }
  return best!;
}

/**
 * Fits the model to a daily series (index 0 oldest, at least three weeks). Without params,
 * α, β and γ come from a 60-point grid search on one-step-ahead squared error; with params, that
 * search is skipped, which is how a caller reuses parameters it has already validated.
 */
export function fitHoltWinters(
  values: readonly number[],
  params?: HoltWintersParams,
): HoltWintersFit {
  assertFitInput(values);
  if (params) assertParams(params);
  const initial = initialiseState(values);
  const chosen = params ?? searchParams(values, initial);
  const { state, squaredError } = smoothValues(values, chosen, initial);
  return {
    params: { ...chosen },
    level: state.level,
    trend: state.trend,
    season: state.season,
    length: values.length,
    residualVariance: squaredError / (values.length - INITIAL_DAYS),
  };
}

function assertHorizon(horizon: number): void {
  if (!Number.isInteger(horizon) || horizon < 0) {
    throw new RangeError(`Forecast horizon must be a whole number of days, got ${horizon}`);
  }
}

/**
 * Standard deviation of the forecast error h = 1…horizon days ahead, by the class 1 variance of
 * Hyndman et al. (2008) for ETS(A,A,A) with season m = 7:
 *   Var(h) = σ² · (1 + Σ_{j=1}^{h−1} c_j²),   c_j = α·(1 + j·β) + γ·[j mod 7 = 0]
 * c_j is how much an error j days back still moves the forecast: α through the level, α·β per
 * day through the trend, and γ once more whenever j lands on the same weekday. The one-step
 * variance σ² is the fit's mean squared one-step error.
 */
export function forecastStandardDeviations(fit: HoltWintersFit, horizon: number): number[] {
  assertHorizon(horizon);
  const deviations: number[] = [];
  let multiplier = 1;
  for (let step = 1; step <= horizon; step += 1) {
    const lag = step - 1;
    if (lag > 0) multiplier += carriedWeight(fit.params, lag) ** 2;
    deviations.push(Math.sqrt(fit.residualVariance * multiplier));
  }
  return deviations;
}

/** c_j above: how much an error `lag` days back still moves the forecast. */
function carriedWeight({ alpha, beta, gamma }: HoltWintersParams, lag: number): number {
  return alpha * (1 + lag * beta) + (lag % SEASON_DAYS === 0 ? gamma : 0);
}

/**
 * The standard deviation of the SUM of the next `days` forecasts. One future error ε moves every
 * later forecast through the level, trend and season it updates: the error of day i reaches the
 * sum with weight 1 + Σ_{j=1}^{days−i} c_j, so Var(sum) = σ² Σ_{k=1}^{days} (1 + Σ_{j=1}^{k−1} c_j)²
 * with c_j as above. Adding the days' own deviations instead would treat their errors as one and
 * make a month's interval about twice as wide as it is.
 */
export function forecastSumStandardDeviation(fit: HoltWintersFit, days: number): number {
  assertHorizon(days);
  let carriedSum = 0;
  let weights = 0;
  for (let k = 1; k <= days; k += 1) {
    const lag = k - 1;
    if (lag > 0) carriedSum += carriedWeight(fit.params, lag);
    weights += (1 + carriedSum) ** 2;
  }
  return Math.sqrt(fit.residualVariance * weights);
}

/** Mean forecast and 95 % prediction interval for each of the next `horizon` days. */
export function forecastHoltWinters(fit: HoltWintersFit, horizon: number): ForecastStep[] {
  const deviations = forecastStandardDeviations(fit, horizon);
  return deviations.map((deviation, offset) => {
    const step = offset + 1;
    const phase = (fit.length + offset) % SEASON_DAYS;
    const mean = fit.level + step * fit.trend + fit.season[phase]!;
    return { mean, lower: mean - Z_95 * deviation, upper: mean + Z_95 * deviation };
  });
}
