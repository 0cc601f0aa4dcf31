// The bench's measurements, one job each: how long a ruleset takes to parse, check and compile;
// how many random playouts a second the interpreter runs; how many a hand-written reference runs.
// Every figure is taken after a warm-up, in this process, so ratios compare like with like.
import { parseRuleset } from '../grammar/index.js';
import { check } from '../interpreter/checker/index.js';
import { compile } from '../interpreter/compiler/index.js';
import type { GameDefinition } from '../interpreter/definition/index.js';
import { randomAgent } from '../interpreter/runtime/index.js';
import { modelFor } from '../interpreter/runtime/index.js';
import { playGame, playout } from '../interpreter/runtime/index.js';

export interface Throughput {
  readonly playoutsPerSec: number;
  readonly usPerMove: number;
  readonly movesPerGame: number;
  readonly games: number;
}

export interface PipelineTimes {
  readonly parseMs: number;
  readonly checkMs: number;
  readonly compileMs: number;
}

function elapsed(f: () => unknown): number {
  const start = performance.now();
  f();
  return performance.now() - start;
}

/** Mean time of each stage over `runs` runs, after two untimed ones. Compiling includes building the runtime's model. */
export function pipelineTimes(source: string, file: string, runs = 10): PipelineTimes {
  const once = () => {
    let parsed!: ReturnType<typeof parseRuleset>;
    let def!: GameDefinition;
    const parseMs = elapsed(() => (parsed = parseRuleset(source, file)));
    const checkMs = elapsed(() => check(parsed.ruleset, { file, source }));
    const compileMs = elapsed(() => {
      def = compile(parsed.ruleset, source, file);
      modelFor(def, def.players.min, []);
    });
    return { parseMs, checkMs, compileMs };
  };
  once();
  once();
  const total = { parseMs: 0, checkMs: 0, compileMs: 0 };
  for (let i = 0; i < runs; i++) {
    const t = once();
    total.parseMs += t.parseMs;
    total.checkMs += t.checkMs;
    total.compileMs += t.compileMs;
  }
  return { parseMs: total.parseMs / runs, checkMs: total.checkMs / runs, compileMs: total.compileMs / runs };
}

/**
 * Runs `playout` (returning the moves it made) repeatedly: untimed for `warmUpMs`, then timed for
 * `budgetMs` (at least 3 playouts either way).
 */
export function throughput(playout: (game: number) => number, budgetMs: number, warmUpMs = Math.min(1000, budgetMs)): Throughput {
  let game = 0;
  const warmStart = performance.now();
  while (game < 3 || performance.now() - warmStart < warmUpMs) playout(game++);
  let games = 0;
  let moves = 0;
  const start = performance.now();
  while (games < 3 || performance.now() - start < budgetMs) {
    moves += playout(game++);
    games++;
  }
  const seconds = (performance.now() - start) / 1000;
  return { playoutsPerSec: games / seconds, usPerMove: (1e6 * seconds) / Math.max(1, moves), movesPerGame: moves / games, games };
}

export interface SideBySide {
  readonly interpretedPerSec: number;
  readonly referencePerSec: number;
  /** The median of the rounds' ratios (interpreted ÷ reference). */
  readonly ratio: number;
  readonly rounds: number;
}

/**
 * Interpreted playouts against hand-written ones, timed side by side: after a warm-up of each,
 * alternating rounds of `roundMs` (the interpreted first), at least 7 and about `budgetMs` of each
 * in all. The ratio is the median of the rounds' ratios, and each rate its median. Two figures
 * timed one after the other, seconds apart, swing with this machine's load by more than the
 * differences they are read for; rounds side by side share the load, and the median drops the
 * rounds a pause fell into.
 */
export function sideBySide(interpreted: (game: number) => unknown, reference: () => unknown, budgetMs: number, roundMs = Math.min(250, budgetMs)): SideBySide {
  let game = 0;
  const rate = (run: () => unknown, ms: number) => {
    let n = 0;
    const start = performance.now();
    while (n < 2 || performance.now() - start < ms) {
      run();
      n++;
    }
    return (n * 1000) / (performance.now() - start);
  };
  const play = () => interpreted(game++);
  rate(play, Math.min(1000, budgetMs));
  rate(reference, Math.min(500, budgetMs));
  const rounds = Math.max(7, Math.round(budgetMs / roundMs));
  const ours: number[] = [], theirs: number[] = [], ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = rate(play, roundMs), b = rate(reference, roundMs);
    ours.push(a);
    theirs.push(b);
    ratios.push(a / b);
  }
  return { interpretedPerSec: median(ours), referencePerSec: median(theirs), ratio: median(ratios), rounds };
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * One random playout in the interpreter, seeded by the game number; returns its moves. It is a
 * playout as simulations and search play them: on the compiled tier where it covers the rules,
 * otherwise on the machine (the same games either way: test/interpreter/compiled-game.test.ts).
 */
export function interpretedPlayout(def: GameDefinition, players: number, variants: readonly string[] = []): (game: number) => number {
  return (game) => {
    const seed = `bench-${game}`;
    return playout(def, { players, seed, variants, agents: (seat) => randomAgent(`${seed}:${seat}`) }).moves.length;
  };
}

/** Bytes of a saved game (the state as JSON, as `--save` writes it) halfway through and at the end of a random game. */
export function savedStateBytes(def: GameDefinition, players: number): { midGame: number; final: number } {
  const seed = 'bench-state';
  const agents = Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`));
  const final = playGame(def, { players, seed, agents });
  const half = final.moves.slice(0, Math.floor(final.moves.length / 2)).map((m) => m.move);
  const mid = playGame(def, { players, seed, script: half });
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  return { midGame: bytes(mid), final: bytes(final) };
}
