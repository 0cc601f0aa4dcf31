// The statistics the simulator reports: confidence intervals for proportions (Wilson) and means
// (Student's t), and the tests that say whether a change moved them (two-proportion z, Welch's t).
// Pure numbers in, numbers out; no game knowledge.

/** An estimate with its 95% confidence interval. */
export interface Estimate {
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/** A mean, its 95% interval, and the spread of what was averaged. */
export interface MeanEstimate extends Estimate {
  readonly n: number;
  /** The sample standard deviation (0 with fewer than two values). */
  readonly sd: number;
}

const Z95 = 1.959963984540054;

/**
 * The Wilson score interval of a proportion: `successes` of `n` (successes may be fractional, a
 * shared win counting as a share). Unlike the normal approximation it stays inside [0, 1] and
 * behaves at 0% and 100%, which small simulations of lopsided games hit.
 */
export function wilson(successes: number, n: number): Estimate {
  if (n <= 0) return { value: 0, low: 0, high: 1 };
  const p = successes / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Count, sum and sum of squares: enough for a mean and its spread, and mergeable. */
export interface Moments {
  readonly n: number;
  readonly sum: number;
  readonly sumSq: number;
}

export function momentsOf(values: Iterable<number>): Moments {
  let n = 0, sum = 0, sumSq = 0;
  for (const v of values) { n++; sum += v; sumSq += v * v; }
  return { n, sum, sumSq };
}

/** Moments of a histogram (value → how many times it occurred). */
export function momentsOfCounts(counts: Readonly<Record<string, number>>): Moments {
  let n = 0, sum = 0, sumSq = 0;
  for (const [key, c] of Object.entries(counts)) {
    const v = Number(key);
    n += c; sum += c * v; sumSq += c * v * v;
  }
  return { n, sum, sumSq };
}

const variance = (m: Moments): number => (m.n < 2 ? 0 : Math.max(0, (m.sumSq - (m.sum * m.sum) / m.n) / (m.n - 1)));

/** The mean with a 95% interval from Student's t (n − 1 degrees of freedom). */
export function meanEstimate(m: Moments): MeanEstimate {
  if (m.n === 0) return { value: 0, low: 0, high: 0, n: 0, sd: 0 };
  const mean = m.sum / m.n;
  const sd = Math.sqrt(variance(m));
  const half = m.n < 2 ? 0 : tQuantile975(m.n - 1) * (sd / Math.sqrt(m.n));
  return { value: mean, low: mean - half, high: mean + half, n: m.n, sd };
}

// ─── Distributions ──────────────────────────────────────────────────────────────

/** The standard normal distribution function Φ(x) (Abramowitz–Stegun 7.1.26 via erf, |error| < 1.5e-7). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-(x * x) / 2);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

function logGamma(x: number): number {
  // Lanczos approximation (g = 7, n = 9).
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  x -= 1;
  let a = c[0]!;
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The regularized incomplete beta function I_x(a, b), by its continued fraction (Lentz). */
function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  // The fraction converges fast only on this side of the mean; use the symmetry otherwise.
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const tiny = 1e-300;
  let c = 1, d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d; if (Math.abs(d) < tiny) d = tiny; d = 1 / d;
    c = 1 + num / c; if (Math.abs(c) < tiny) c = tiny;
    f *= d * c;
    num = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d; if (Math.abs(d) < tiny) d = tiny; d = 1 / d;
    c = 1 + num / c; if (Math.abs(c) < tiny) c = tiny;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-12) break;
  }
  return (front * f) / a;
}

/** The two-sided tail of Student's t: P(|T| ≥ |t|) with `df` degrees of freedom. */
export function tTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  if (df > 1e6) return 2 * (1 - normalCdf(Math.abs(t)));
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** The 97.5% quantile of Student's t (the half-width factor of a 95% interval), by bisection. */
export function tQuantile975(df: number): number {
  if (df > 1e5) return Z95;
  let lo = Z95, hi = 20;
  while (tTwoSided(hi, df) > 0.05) hi *= 2; // df = 1 needs 12.7; tiny df more
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (tTwoSided(mid, df) > 0.05) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

// ─── Tests of a shift ─────────────────────────────────────────────────────────

/** The result of a test: the statistic and its two-sided p-value. */
export interface TestResult {
  readonly statistic: number;
  readonly p: number;
}

/** Two-proportion z-test with the pooled proportion: did `a1/n1` and `a2/n2` come from one rate? */
export function twoProportionTest(a1: number, n1: number, a2: number, n2: number): TestResult {
  if (n1 <= 0 || n2 <= 0) return { statistic: 0, p: 1 };
  const pooled = (a1 + a2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const diff = a2 / n2 - a1 / n1;
  if (se === 0) return { statistic: 0, p: diff === 0 ? 1 : 0 };
  const z = diff / se;
  return { statistic: z, p: Math.min(1, 2 * (1 - normalCdf(Math.abs(z)))) };
}

/** Welch's t-test: do two samples (as moments) have the same mean, without assuming equal spreads? */
export function welchTest(a: Moments, b: Moments): TestResult {
  if (a.n < 2 || b.n < 2) return { statistic: 0, p: 1 };
  const va = variance(a) / a.n;
  const vb = variance(b) / b.n;
  const diff = b.sum / b.n - a.sum / a.n;
  if (va + vb === 0) return { statistic: 0, p: diff === 0 ? 1 : 0 };
  const t = diff / Math.sqrt(va + vb);
  const df = ((va + vb) ** 2) / ((va * va) / (a.n - 1) + (vb * vb) / (b.n - 1));
  return { statistic: t, p: Math.min(1, tTwoSided(t, df)) };
}

/** A p-value as a reader wants it: `p < 0.001`, `p = 0.03`, `p = 0.4`. */
export function formatP(p: number): string {
  if (p < 0.001) return 'p < 0.001';
  if (p < 0.01) return 'p < 0.01';
  return `p = ${p < 0.1 ? p.toFixed(3) : p.toFixed(2)}`;
}
