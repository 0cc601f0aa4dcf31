// Two simulations of the same seeds and agents set side by side — a ruleset with and without a
// variant, or two rulesets — and what shifted between them, each shift with its significance test:
// a two-proportion z-test for rates, Welch's t-test for means. "Seat 1 wins 31% → 24% (p < 0.01)."
import { formatP, twoProportionTest, welchTest, type Estimate, type MeanEstimate, type Moments, type TestResult } from './simulation-stats.js';
import type { SimulationReport } from './simulation-report.js';

/** A shift is reported as significant below this p-value. */
export const SIGNIFICANCE = 0.05;

export interface Shift {
  /** What moved, in words: `seat 1 win rate`, `rule \`reward\` fires in`. */
  readonly figure: string;
  readonly kind: 'rate' | 'mean';
  readonly before: number;
  readonly after: number;
  /** z for a rate, t for a mean. */
  readonly statistic: number;
  readonly p: number;
  readonly significant: boolean;
}

export interface SimulationComparison {
  /** How each side is named: its file and variants. */
  readonly first: string;
  readonly second: string;
  /** Every figure compared, the seats' first, then by p-value. */
  readonly shifts: readonly Shift[];
  readonly text: string;
}

const momentsOf = (e: MeanEstimate): Moments => {
  const sum = e.value * e.n;
  return { n: e.n, sum, sumSq: e.sd * e.sd * Math.max(0, e.n - 1) + (e.n ? (sum * sum) / e.n : 0) };
};

export function compareSimulations(a: SimulationReport, b: SimulationReport, names: { first: string; second: string }): SimulationComparison {
  const shifts: Shift[] = [];
  const add = (figure: string, kind: Shift['kind'], before: number, after: number, test: TestResult) =>
    shifts.push({ figure, kind, before, after, statistic: test.statistic, p: test.p, significant: test.p < SIGNIFICANCE });
  const rate = (figure: string, x: Estimate, nx: number, y: Estimate, ny: number) =>
    add(figure, 'rate', x.value, y.value, twoProportionTest(x.value * nx, nx, y.value * ny, ny));
  const mean = (figure: string, x: MeanEstimate | null, y: MeanEstimate | null) => {
    if (x && y) add(figure, 'mean', x.value, y.value, welchTest(momentsOf(x), momentsOf(y)));
  };

  const seats = Math.min(a.seats.length, b.seats.length);
  for (let seat = 0; seat < seats; seat++) rate(`seat ${seat} win rate`, a.seats[seat]!.winRate, a.games, b.seats[seat]!.winRate, b.games);
  for (let seat = 0; seat < seats; seat++) mean(`seat ${seat} mean score`, a.seats[seat]!.score, b.seats[seat]!.score);
  const seatFigures = shifts.length;
  mean('game length (moves)', a.length.moves, b.length.moves);
  mean('winning margin', a.decisiveness.margin, b.decisiveness.margin);
  mean('lead changes a game', a.decisiveness.leadChanges, b.decisiveness.leadChanges);
  rate('games with a shared win', a.decisiveness.shared, a.games, b.decisiveness.shared, b.games);
  for (const o of a.startingOptions) {
    const other = b.startingOptions.find((x) => x.option === o.option);
    if (other) rate(`win rate after \`${o.option}\``, o.winRate, o.taken, other.winRate, other.taken);
  }
  for (const r of a.rules) {
    const other = b.rules.find((x) => x.rule === r.rule && x.kind === r.kind);
    if (other) rate(`games in which \`${r.rule}\` fires`, r.games, a.games, other.games, b.games);
  }
  const rest = shifts.splice(seatFigures).sort((x, y) => x.p - y.p);
  shifts.push(...rest);
  return { ...names, shifts, text: comparisonText(a, b, names, shifts, seatFigures) };
}

const show = (s: Shift, x: number) => (s.kind === 'rate' ? `${(100 * x).toFixed(1)}%` : Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2));
const line = (s: Shift) => `  ${s.figure}: ${show(s, s.before)} → ${show(s, s.after)} (${formatP(s.p)})${s.significant ? '  *' : ''}`;

function comparisonText(a: SimulationReport, b: SimulationReport, names: { first: string; second: string }, shifts: readonly Shift[], seatFigures: number): string {
  const lines = [
    `comparison: ${names.first} → ${names.second}, ${a.games} and ${b.games} games on the same seeds and agents`,
    `  (* marks a shift with p < ${SIGNIFICANCE}: two-proportion z-test for rates, Welch's t-test for means)`,
    '',
    ...shifts.slice(0, seatFigures).map(line),
  ];
  const other = shifts.slice(seatFigures);
  const significant = other.filter((s) => s.significant);
  if (significant.length) lines.push('', 'other significant shifts', ...significant.map(line));
  lines.push('', `${significant.length} of ${other.length} other figures shifted significantly${other.length ? '; with this many tests, expect about 1 in 20 to pass by chance' : ''}`);
  return lines.join('\n');
}
