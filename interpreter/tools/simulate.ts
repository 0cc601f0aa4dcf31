// Many seeded agent games of one ruleset, counted: who wins from which seat and from which
// starting option, the scores, how long and how close games are, which rules fire and which
// options are taken. What a designer runs to see whether a rule breaks the balance. Browser-safe:
// the command line spreads the games over worker threads, the playground over web workers.
import type { GameDefinition } from '../definition/index.js';
import {
  compiledPlayout, evalNumber, modelFor, newCtx, playGame, type AgentFactory, type GameState, type Model, type PlayWatch, type Result,
} from '../runtime/index.js';
import { agentFromSpec } from './agents.js';
import { simulationReport, type SimulationReport } from './simulation-report.js';

export type { SimulationReport } from './simulation-report.js';

export interface SimulationOptions {
  readonly players: number;
  readonly variants?: readonly string[];
  readonly games: number;
  readonly seed: string | number;
  /** One agent for every seat: a spec (`random`, `mcts:iterations=200`) or a factory (a game's own agents). */
  readonly agent?: string | AgentFactory;
  /** One agent per seat, overriding `agent`. */
  readonly agents?: readonly (string | AgentFactory)[];
  /** How the agents are named in the report (defaults to the specs given). */
  readonly agentNames?: readonly string[];
  /** Stops a game that has not ended after this many moves (EndlessGameError). */
  readonly maxMoves?: number;
  readonly onProgress?: (done: number) => void;
}

/**
 * Counts of many games: plain JSON, only whole numbers, so tallies of games played apart (in
 * worker threads) merge into exactly the tally of the games played together, in any grouping.
 * Histograms map a value (as text) to how many times it occurred.
 */
export interface TallyData {
  readonly players: number;
  games: number;
  /** Seat → games it won, by the number of winners that game had (index k: k winners). */
  wins: number[][];
  /** Seat → final score histogram. */
  scores: Record<string, number>[];
  /** Moves (decisions made by agents) per game. */
  moves: Record<string, number>;
  /** Turns per game. */
  turns: Record<string, number>;
  /** The best score minus the next best, per game (games of two or more players with scores). */
  margins: Record<string, number>;
  /** How often the leader changed, per game whose scores could be read during play. */
  leadChanges: Record<string, number>;
  /** A seat's first decision's option → its choice, how many seats took it, and their wins by number of winners. */
  firstOptions: Record<string, { choice: string; taken: number; wins: number[] }>;
  /** A rule (by its source offset) → times it fired, and games in which it fired. */
  rules: Record<string, { fired: number; games: number }>;
  /** A choice's name → its options' ids → times taken. */
  choices: Record<string, Record<string, number>>;
  /** Which engine played the games: the compiled tier, or the machine (rules it does not cover, agents that do not pick by index). */
  engines: { compiled: number; machine: number };
}

export function emptyTally(players: number): TallyData {
  return {
    players, games: 0,
    wins: Array.from({ length: players }, () => Array<number>(players + 1).fill(0)),
    scores: Array.from({ length: players }, () => ({})),
    moves: {}, turns: {}, margins: {}, leadChanges: {}, firstOptions: {}, rules: {}, choices: {},
    engines: { compiled: 0, machine: 0 },
  };
}

const bump = (h: Record<string, number>, key: string | number, by = 1) => (h[key] = (h[key] ?? 0) + by);

/** Adds tally `b` into `a` (games played apart, counted together). */
export function mergeTally(a: TallyData, b: TallyData): TallyData {
  a.games += b.games;
  b.wins.forEach((byK, seat) => byK.forEach((n, k) => (a.wins[seat]![k]! += n)));
  b.scores.forEach((h, seat) => { for (const [v, n] of Object.entries(h)) bump(a.scores[seat]!, v, n); });
  for (const [key, h] of [['moves', b.moves], ['turns', b.turns], ['margins', b.margins], ['leadChanges', b.leadChanges]] as const) {
    for (const [v, n] of Object.entries(h)) bump(a[key], v, n);
  }
  for (const [option, f] of Object.entries(b.firstOptions)) {
    const to = (a.firstOptions[option] ??= { choice: f.choice, taken: 0, wins: Array<number>(a.players + 1).fill(0) });
    to.taken += f.taken;
    f.wins.forEach((n, k) => (to.wins[k]! += n));
  }
  for (const [at, r] of Object.entries(b.rules)) {
    const to = (a.rules[at] ??= { fired: 0, games: 0 });
    to.fired += r.fired;
    to.games += r.games;
  }
  for (const [choice, options] of Object.entries(b.choices)) {
    const to = (a.choices[choice] ??= {});
    for (const [option, n] of Object.entries(options)) bump(to, option, n);
  }
  a.engines.compiled += b.engines.compiled;
  a.engines.machine += b.engines.machine;
  return a;
}

/**
 * Batches' tallies, one row of sides a batch, merged in game order as they arrive: a batch that
 * finishes early waits only until those before it are in, so what is held stays as small as the
 * batches in flight, whatever the number of games. A row is merged once every side has it (a
 * comparison covers the same games on both sides); a row with a failure stops the merging there.
 */
export class TallyFold {
  /** Per side: the games merged, in game order. */
  readonly counts: TallyData[];
  private readonly waiting = new Map<number, (TallyData | null | undefined)[]>();
  private next = 0;
  private failed = false;

  constructor(sides: number, players: number) {
    this.counts = Array.from({ length: sides }, () => emptyTally(players));
  }

  /** A side's batch finished: its counts, or null when a game in it failed. */
  add(side: number, batch: number, counts: TallyData | null): void {
    if (batch < this.next) throw new Error(`Batch ${batch} was counted already.`);
    const row = this.waiting.get(batch) ?? Array<TallyData | null | undefined>(this.counts.length).fill(undefined);
    row[side] = counts;
    this.waiting.set(batch, row);
    while (!this.failed) {
      const ready = this.waiting.get(this.next);
      if (!ready || ready.some((x) => x === undefined)) break;
      if (ready.some((x) => x === null)) {
        this.failed = true;
        break;
      }
      ready.forEach((x, s) => mergeTally(this.counts[s]!, x!));
      this.waiting.delete(this.next++);
    }
  }

  /** How many batches, from the first, every side has merged. */
  get batches(): number {
    return this.next;
  }
}

export function simulate(def: GameDefinition, o: SimulationOptions): SimulationReport {
  const tally = new Tally(def, o);
  for (let g = 0; g < o.games; g++) {
    tally.play(g);
    o.onProgress?.(g + 1);
  }
  return tally.report();
}

/**
 * Games per batch when a simulation is spread over workers (threads, web workers): small enough
 * for steady progress and a quick stop, large enough to keep them busy. Batches are counts of
 * seeded games, so how they are grouped never changes the result.
 */
export const batchSize = (games: number, workers: number): number => Math.max(1, Math.min(25, Math.ceil(games / (workers * 20))));

/** The agent specs of a simulation, one per seat, as the report names them. */
export function agentNames(o: Omit<SimulationOptions, 'games'>): string[] {
  if (o.agentNames) return [...o.agentNames];
  const name = (a: string | AgentFactory | undefined) => (typeof a === 'string' ? a : a ? 'custom' : 'random');
  return Array.from({ length: o.players }, (_, seat) => name(o.agents ? o.agents[seat] : o.agent));
}

/**
 * Games played one at a time and counted: what `simulate` runs, what each worker thread runs on
 * its share of the games, and what a page runs a few games per frame to show progress. Game g is
 * seeded `seed/g`, so the same options give the same games whoever plays them.
 */
export class Tally {
  private readonly makers: AgentFactory[];
  private readonly model: Model;
  private data: TallyData;

  constructor(private readonly def: GameDefinition, private readonly o: Omit<SimulationOptions, 'games'>) {
    const specs = o.agents ?? Array<string | AgentFactory>(o.players).fill(o.agent ?? 'random');
    this.makers = Array.from({ length: o.players }, (_, seat) => {
      const spec = specs[seat] ?? 'random';
      return typeof spec === 'function' ? spec : agentFromSpec(spec);
    });
    this.model = modelFor(def, o.players, o.variants ?? []);
    this.data = emptyTally(o.players);
  }

  /**
   * Plays game g and counts it. A game a rule error stops throws and counts nothing. Agents that
   * pick by index play on the compiled tier where it covers the rules (the same games, counted the
   * same: test/sim); otherwise, or for a game it gives up, the machine plays it.
   */
  play(g: number): void {
    const { players } = this.o;
    const seed = `${this.o.seed}/${g}`;
    const options = { players, seed, variants: this.o.variants ?? [], agents: (seat: number) => this.makers[seat]!(seed, seat), ...(this.o.maxMoves !== undefined ? { maxMoves: this.o.maxMoves } : {}) };
    const fast = new GameWatch(this.model, players);
    const compiled = compiledPlayout(this.def, options, fast);
    if (compiled !== null) {
      fast.count(this.data, { result: compiled.result, moves: compiled.moves.length, turns: compiled.turns });
      this.data.engines.compiled++;
      return;
    }
    const game = new GameWatch(this.model, players);
    const state = playGame(this.def, {
      players, seed, variants: this.o.variants ?? [],
      agents: this.makers.map((make, seat) => make(seed, seat)),
      ...(this.o.maxMoves !== undefined ? { maxMoves: this.o.maxMoves } : {}),
      onRule: (rule) => game.fired(rule.span.start),
      onMove: (s) => game.moved(s),
    });
    game.count(this.data, { result: state.result, moves: state.moves.length, turns: state.turns });
    this.data.engines.machine++;
  }

  /** The counts so far (for merging tallies played apart). */
  get counts(): TallyData {
    return this.data;
  }

  report(): SimulationReport {
    return simulationReport(this.def, this.data, { ...this.o, agentNames: agentNames(this.o) });
  }
}

/**
 * What one game's watcher gathers while it runs, added to the tally only when the game ends. The
 * machine feeds it its states (\`moved\`, after setup and after every move); the compiled tier tells
 * it the same things as they happen (\`decision\`, \`decided\`): the rules fired, each decision
 * taken, and the lead whenever a turn has started since the last decision.
 */
class GameWatch implements PlayWatch {
  private readonly rules = new Map<number, number>();
  private readonly choices: [string, string][] = [];
  private readonly first: ({ choice: string; option: string } | null)[];
  private pending: { player: number; choice: string } | null = null;
  private made = 0;
  private turns = -1;
  private leader: number | null = null;
  private leadChanges: number | null = 0;
  /** The winner's first measure for a seat where the game now stands. */
  private measure: ((seat: number) => number) | null = null;

  constructor(private readonly model: Model, private readonly players: number) {
    this.first = Array<null>(players).fill(null);
  }

  fired(at: number): void {
    this.rules.set(at, (this.rules.get(at) ?? 0) + 1);
  }

  /** After setup and after every move: the move just made answers the decision pending before it. */
  moved(state: GameState): void {
    if (state.moves.length > this.made && this.pending) this.decided(this.pending.player, this.pending.choice, state.moves[state.moves.length - 1]!.move);
    this.made = state.moves.length;
    this.pending = state.pending ? { player: state.pending.player, choice: state.pending.choice } : null;
    const first = this.model.winner?.order[0];
    this.decision(state.turns, (seat) => evalNumber(newCtx(this.model, state, null, 'winner', seat), first!.expr));
  }

  decided(player: number, choice: string, option: string): void {
    this.choices.push([choice, option]);
    this.first[player] ??= { choice, option };
  }

  decision(turns: number, measure: (seat: number) => number): void {
    this.measure = measure;
    if (turns !== this.turns) {
      this.turns = turns;
      this.lead();
    }
  }

  /** Who leads now, by the winner declaration's first measure; a tie leads nobody. */
  private lead(): void {
    const winner = this.model.winner;
    if (this.leadChanges === null || !winner || winner.team || !winner.order.length || !this.measure) {
      this.leadChanges = null;
      return;
    }
    const { direction } = winner.order[0]!;
    let best: number | null = null;
    let bestValue = -Infinity;
    try {
      for (let seat = 0; seat < this.players; seat++) {
        const v = this.measure(seat) * (direction === 'most' ? 1 : -1);
        if (v > bestValue) [best, bestValue] = [seat, v];
        else if (v === bestValue) best = null;
      }
    } catch {
      this.leadChanges = null; // the measure cannot be read mid-game (a list, a value not set yet)
      return;
    }
    if (best === null) return;
    if (this.leader !== null && best !== this.leader) this.leadChanges!++;
    this.leader = best;
  }

  count(t: TallyData, game: { result: Result | null; moves: number; turns: number }): void {
    const winners = game.result?.winners ?? [];
    const scores = game.result?.scores ?? [];
    t.games++;
    for (const w of winners) t.wins[w]![winners.length]!++;
    scores.forEach((score, seat) => bump(t.scores[seat]!, score));
    bump(t.moves, game.moves);
    bump(t.turns, game.turns);
    const winner = this.model.winner;
    if (scores.length >= 2 && winner && !winner.team && winner.order.length) {
      const sorted = [...scores].sort((a, b) => (winner.order[0]!.direction === 'most' ? b - a : a - b));
      bump(t.margins, Math.abs(sorted[0]! - sorted[1]!));
    }
    if (this.leadChanges !== null) {
      this.lead(); // the final position may change the lead once more
      if (this.leadChanges !== null) bump(t.leadChanges, this.leadChanges);
    }
    this.first.forEach((f, seat) => {
      if (!f) return;
      const to = (t.firstOptions[f.option] ??= { choice: f.choice, taken: 0, wins: Array<number>(t.players + 1).fill(0) });
      to.taken++;
      if (winners.includes(seat)) to.wins[winners.length]!++;
    });
    for (const [at, n] of this.rules) {
      const r = (t.rules[at] ??= { fired: 0, games: 0 });
      r.fired += n;
      r.games++;
    }
    for (const [choice, option] of this.choices) bump((t.choices[choice] ??= {}), option);
  }
}
