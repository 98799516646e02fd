/**
 * Student's t tail probability, for a z-score whose spread was estimated from a handful of values
 * (an anomaly's eight same-weekday baseline days). Such a ratio has far heavier tails than the
 * normal: with 7 degrees of freedom |t| ≥ 3.5 happens 1 time in 100, not 1 in 2,000, and reading
 * it off the normal would turn ordinary noise into "significant" news by the dozen.
 */

/** ln Γ(x) for x > 0, Lanczos (g = 7, n = 9): about 15 significant digits. */
function logGamma(x: number): number {
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const shifted = x - 1;
  let sum = coefficients[0]!;
  for (let index = 1; index < coefficients.length; index += 1) {
    sum += coefficients[index]! / (shifted + index);
  }
  const t = shifted + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The continued fraction of the incomplete beta function (modified Lentz). */
function betaContinuedFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let fraction = d;
  for (let m = 1; m <= 300; m += 1) {
    const even = (m * (b - m) * x) / ((a + 2 * m - 1) * (a + 2 * m));
    d = 1 + even * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + even / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    fraction *= d * c;
    const odd = (-(a + m) * (a + b + m) * x) / ((a + 2 * m) * (a + 2 * m + 1));
    d = 1 + odd * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + odd / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    fraction *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return fraction;
}

/** The regularised incomplete beta function I_x(a, b). */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(
    logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x),
  );
  // The fraction converges fast only below the mean; above it, use the symmetry I_x = 1 − I_{1−x}.
  return x < (a + 1) / (a + b + 2)
    ? (front * betaContinuedFraction(x, a, b)) / a
    : 1 - (front * betaContinuedFraction(1 - x, b, a)) / b;
}

/** P(|T| ≥ |t|) for Student's t with `degrees` degrees of freedom (> 0). */
export function twoSidedStudentTPValue(t: number, degrees: number): number {
  if (Number.isNaN(t)) return Number.NaN;
  if (!(degrees > 0)) throw new RangeError(`degrees of freedom must be positive, got ${degrees}`);
  if (!Number.isFinite(t)) return 0;
  return Math.min(1, regularizedBeta(degrees / (degrees + t * t), degrees / 2, 0.5));
}
