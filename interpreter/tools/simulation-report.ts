// A simulation's counts made into figures a designer reads: each estimate with its 95% interval,
// the rules with where they are and how often they fired (and those that never did), and the same
// as text. Its JSON form is what `regula sim --json` prints (cli/sim/sim.schema.json).
import type { ForbidDecl, RuleDecl } from '../../grammar/ast.js';
import { locate, type GameDefinition } from '../definition/index.js';
import { modelFor, whyNotCompiled } from '../runtime/index.js';
import { meanEstimate, momentsOfCounts, wilson, type Estimate, type MeanEstimate } from './simulation-stats.js';
import type { TallyData } from './simulate.js';

export interface SeatFigures {
  readonly seat: number;
  readonly agent: string;
  /** Share of games won (a shared win counts as a share), with its interval. */
  readonly winRate: Estimate;
  readonly score: MeanEstimate;
  /** Final scores, lowest first, with how many games ended on each. */
  readonly scores: readonly Bin[];
}

export interface Bin {
  readonly value: number;
  readonly count: number;
}

export interface RuleFigures {
  readonly rule: string;
  readonly kind: 'rule' | 'forbid';
  /** `file:line:col` of its declaration. */
  readonly at: string;
  /** A called or triggered rule: times its body ran; a forbidding rule: options it struck out. */
  readonly fired: number;
  /** Share of games in which it fired at least once. */
  readonly games: Estimate;
}

export interface SimulationReport {
  readonly game: string;
  readonly games: number;
  readonly players: number;
  readonly variants: readonly string[];
  readonly seed: string;
  readonly agents: readonly string[];
  /**
   * Which engine played the games: the compiled tier (the rules lowered to one program) or the
   * machine, with why the compiled tier does not cover these rules (null when it does: then the
   * machine played only games whose agents do not pick by index, or that the tier gave up).
   */
  readonly engine: { readonly compiled: number; readonly machine: number; readonly whyNotCompiled: string | null };
  /** Wins by seat, a shared win counting as a share (they add up to the games played). */
  readonly winsBySeat: readonly number[];
  readonly meanScoreBySeat: readonly number[];
  readonly meanMoves: number;
  readonly seats: readonly SeatFigures[];
  readonly length: { readonly moves: MeanEstimate; readonly turns: MeanEstimate; readonly movesHistogram: readonly Bin[] };
  readonly decisiveness: {
    /** Share of games with more than one winner. */
    readonly shared: Estimate;
    /** Best final score minus the next best; null when the game has no scores to compare. */
    readonly margin: MeanEstimate | null;
    readonly margins: readonly Bin[];
    /** Times the leader changed (turn by turn); null when the scores cannot be read during play. */
    readonly leadChanges: MeanEstimate | null;
    /** Share of games whose leader changed at least once. */
    readonly comebacks: Estimate | null;
  };
  /** Each option a seat took at its first decision (a character, an opening), and how often such a seat won. */
  readonly startingOptions: readonly { readonly option: string; readonly choice: string; readonly taken: number; readonly winRate: Estimate }[];
  /** Every rule in force, in source order. */
  readonly rules: readonly RuleFigures[];
  /** The rules in force that never fired, with where they are: dead, unreachable, or not reached by these agents. */
  readonly deadRules: readonly { readonly rule: string; readonly kind: 'rule' | 'forbid'; readonly at: string }[];
  /** Each choice the agents made, most made first, with its options by how often they were taken. */
  readonly choices: readonly { readonly choice: string; readonly made: number; readonly options: readonly { readonly option: string; readonly taken: number }[] }[];
  readonly text: string;
}

export interface ReportSetup {
  readonly players: number;
  readonly variants?: readonly string[];
  readonly seed: string | number;
  readonly agentNames: readonly string[];
}

const bins = (h: Readonly<Record<string, number>>): Bin[] =>
  Object.entries(h).map(([v, count]) => ({ value: Number(v), count })).sort((a, b) => a.value - b.value);

/** Wins counted by number of winners → the sum of shares. Summed from one side, so the same counts give the same float. */
const shares = (byK: readonly number[]): number => byK.reduce((sum, n, k) => (k ? sum + n / k : sum), 0);

/** The rules in force for these players and variants: called and triggered rules, powers' rules, forbidding rules. */
export function rulesInForce(def: GameDefinition, players: number, variants: readonly string[]): { decl: RuleDecl | ForbidDecl; name: string }[] {
  const model = modelFor(def, players, variants);
  const found = new Map<RuleDecl | ForbidDecl, string>();
  for (const r of model.rules.values()) found.set(r, r.name.text);
  for (const handlers of model.handlers.values()) {
    for (const h of handlers) if (!found.has(h.rule)) found.set(h.rule, h.power ? `${h.rule.name.text} (power ${h.power})` : h.rule.name.text);
  }
  for (const forbids of model.forbids.values()) {
    for (const f of forbids) if (!found.has(f.decl)) found.set(f.decl, f.power ? `${f.decl.name.text} (power ${f.power})` : f.decl.name.text);
  }
  return [...found].map(([decl, name]) => ({ decl, name })).sort((a, b) => a.decl.span.start - b.decl.span.start);
}

export function simulationReport(def: GameDefinition, t: TallyData, setup: ReportSetup): SimulationReport {
  const games = t.games;
  const variants = [...(setup.variants ?? [])];
  const seats = t.wins.map((byK, seat): SeatFigures => ({
    seat, agent: setup.agentNames[seat] ?? 'random',
    winRate: wilson(shares(byK), games),
    score: meanEstimate(momentsOfCounts(t.scores[seat]!)),
    scores: bins(t.scores[seat]!),
  }));
  const sharedGames = sharedCount(t);
  const tracked = momentsOfCounts(t.leadChanges);
  const comebacks = tracked.n ? wilson(tracked.n - (t.leadChanges['0'] ?? 0), tracked.n) : null;
  const rules = rulesInForce(def, setup.players, variants).map(({ decl, name }): RuleFigures => {
    const r = t.rules[decl.span.start] ?? { fired: 0, games: 0 };
    return { rule: name, kind: decl.kind === 'Rule' ? 'rule' : 'forbid', at: locate(def, decl.span.start), fired: r.fired, games: wilson(r.games, games) };
  });
  const startingOptions = Object.entries(t.firstOptions)
    .map(([option, f]) => ({ option, choice: f.choice, taken: f.taken, winRate: wilson(shares(f.wins), f.taken) }))
    .sort((a, b) => b.taken - a.taken || (a.option < b.option ? -1 : 1));
  const choices = Object.entries(t.choices).map(([choice, options]) => {
    const list = Object.entries(options).map(([option, taken]) => ({ option, taken })).sort((a, b) => b.taken - a.taken || (a.option < b.option ? -1 : 1));
    return { choice, made: list.reduce((s, o) => s + o.taken, 0), options: list };
  }).sort((a, b) => b.made - a.made || (a.choice < b.choice ? -1 : 1));
  const moves = meanEstimate(momentsOfCounts(t.moves));
  const margin = Object.keys(t.margins).length ? meanEstimate(momentsOfCounts(t.margins)) : null;
  const base = {
    game: def.name, games, players: setup.players, variants, seed: String(setup.seed), agents: [...setup.agentNames],
    engine: { compiled: t.engines.compiled, machine: t.engines.machine, whyNotCompiled: whyNotCompiled(def, setup.players, variants) },
    winsBySeat: t.wins.map(shares),
    meanScoreBySeat: seats.map((s) => s.score.value),
    meanMoves: moves.value,
    seats,
    length: { moves, turns: meanEstimate(momentsOfCounts(t.turns)), movesHistogram: bins(t.moves) },
    decisiveness: {
      shared: wilson(sharedGames, games),
      margin, margins: bins(t.margins),
      leadChanges: tracked.n ? meanEstimate(tracked) : null,
      comebacks,
    },
    startingOptions,
    rules,
    deadRules: rules.filter((r) => r.fired === 0).map(({ rule, kind, at }) => ({ rule, kind, at })),
    choices,
  };
  return { ...base, text: reportText(base) };
}

/** Games with more than one winner: every winner of such a game counted it, so divide by k. */
function sharedCount(t: TallyData): number {
  let n = 0;
  for (let k = 2; k <= t.players; k++) {
    let wins = 0;
    for (const byK of t.wins) wins += byK[k]!;
    n += wins / k;
  }
  return Math.round(n);
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const interval = (e: Estimate, f: (x: number) => string) => `${f(e.value)} (${f(e.low)}–${f(e.high)})`;
const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(1));

/** Which engine played the games, in words (`engine: the compiled tier played all 2000 games`). */
export function engineText(r: Pick<SimulationReport, 'engine'>): string {
  const { compiled, machine, whyNotCompiled: why } = r.engine;
  if (machine === 0) return `engine: the compiled tier played ${compiled === 1 ? 'the game' : `all ${compiled} games`}`;
  const reason = why ? `the compiled tier does not cover these rules: ${why}` : 'agents that do not pick by index, or games the compiled tier gave up';
  if (compiled === 0) return `engine: the machine played ${machine === 1 ? 'the game' : `all ${machine} games`} (${reason})`;
  return `engine: the compiled tier played ${compiled} games, the machine ${machine} (${reason})`;
}

/** How many options of each list the text shows; the JSON has them all. */
const TEXT_LIMIT = 8;

function reportText(r: Omit<SimulationReport, 'text'>): string {
  const lines = [
    `${r.game}: ${r.games} games, ${r.players} players${r.variants.length ? `, variants ${r.variants.join(', ')}` : ''}, agents ${[...new Set(r.agents)].length === 1 ? r.agents[0] : r.agents.join(',')}, seed ${r.seed}`,
    '  (each figure with its 95% confidence interval)',
    `  ${engineText(r)}`,
    '',
    'seats',
    ...r.seats.map((s) => `  seat ${s.seat}${r.agents.length > 1 && new Set(r.agents).size > 1 ? ` (${s.agent})` : ''}: wins ${interval(s.winRate, pct)}, score ${interval(s.score, num)}, sd ${num(s.score.sd)}, range ${s.scores[0]?.value ?? 0}–${s.scores.at(-1)?.value ?? 0}`),
    '',
    'game length',
    `  moves ${interval(r.length.moves, num)}, sd ${num(r.length.moves.sd)}, range ${r.length.movesHistogram[0]?.value ?? 0}–${r.length.movesHistogram.at(-1)?.value ?? 0}; turns ${interval(r.length.turns, num)}`,
    '',
    'decisiveness',
    ...(r.decisiveness.margin ? [`  winning margin ${interval(r.decisiveness.margin, num)} points, sd ${num(r.decisiveness.margin.sd)}; ${pct((r.decisiveness.margins.find((b) => b.value === 0)?.count ?? 0) / r.games)} of games level at the top`] : []),
    `  shared wins in ${interval(r.decisiveness.shared, pct)} of games`,
    ...(r.decisiveness.leadChanges && r.decisiveness.comebacks
      ? [`  lead changes ${interval(r.decisiveness.leadChanges, num)} a game; the lead changed at least once in ${interval(r.decisiveness.comebacks, pct)} of games`]
      : ['  lead changes: not measured (the winning measure cannot be read during play)']),
  ];
  if (r.startingOptions.length) {
    lines.push('', 'starting options (what a seat took at its first decision)');
    for (const o of r.startingOptions.slice(0, TEXT_LIMIT * 2)) lines.push(`  ${o.option}: taken ${o.taken}×, wins ${interval(o.winRate, pct)}`);
    if (r.startingOptions.length > TEXT_LIMIT * 2) lines.push(`  … and ${r.startingOptions.length - TEXT_LIMIT * 2} more (--json lists all)`);
  }
  lines.push('', 'rules (times fired; share of games in which they fired)');
  const width = Math.max(0, ...r.rules.map((x) => x.rule.length));
  for (const x of r.rules) {
    lines.push(`  ${x.rule.padEnd(width)}  ${(x.kind === 'forbid' ? 'struck out' : 'fired').padEnd(10)} ${String(x.fired).padStart(7)}×  in ${pct(x.games.value).padStart(6)} of games  ${x.at}`);
  }
  if (r.deadRules.length) {
    lines.push('', `never fired (${r.deadRules.length}): dead or unreachable rules, or ones these agents never reach`);
    for (const d of r.deadRules) lines.push(`  ${d.at}: ${d.kind} \`${d.rule}\``);
  } else lines.push('', 'every rule fired at least once');
  if (r.choices.length) {
    lines.push('', 'choices (options most taken)');
    for (const c of r.choices) {
      const shown = c.options.slice(0, TEXT_LIMIT).map((o) => `${o.option} ${pct(o.taken / c.made)}`).join(', ');
      lines.push(`  ${c.choice}: made ${c.made}×, ${c.options.length} options taken: ${shown}${c.options.length > TEXT_LIMIT ? ', …' : ''}`);
    }
  }
  return lines.join('\n');
}
