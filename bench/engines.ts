// The two engines on the paths a person or a thinking agent takes, from the same mid-game state: the
// machine (a JSON state stepped statement by statement) and the compiled program (resumed from that
// state into its arrays). Four figures each: playing on move by move, making a state to play on
// (a copy for the machine; loading it and listing its decision for the program), mcts iterations a
// second, and a real move (applyInPlace: the state given back with its log) on the machine and on
// the live program. Figures to read, never asserted.
import type { GameDefinition } from '../interpreter/definition/index.js';
import {
  applyInPlace, compiledProgram, legalMoves, nextInt, randomAgent, seedRng, setup, view, type GameState, type Picker,
} from '../interpreter/runtime/index.js';
import { mctsAgent } from '../interpreter/tools/index.js';

/** The games and player counts the engines are compared on. */
export const ENGINE_GAMES: readonly { readonly ruleset: string; readonly players: number }[] = [
  { ruleset: 'rulesets/connect-four/connect-four.rules', players: 2 },
  { ruleset: 'rulesets/tokaido/tokaido.cs.rules', players: 3 },
  { ruleset: 'rulesets/java/java.cs.rules', players: 3 },
];

/** The machine (setup and applyInPlace play on the live program unless told). */
const MACHINE = { engine: 'machine' } as const;

/** Moves played on from the state in one measurement of "playing on". */
const MOVES_ON = 20;

export interface EngineFigures {
  readonly file: string;
  readonly players: number;
  /** Playing on from the state: µs a move (legal moves listed, one applied), each engine. */
  readonly moveUs: { readonly machine: number; readonly compiled: number };
  /** µs to make a state to play on: a copy of it (machine), or it loaded and its decision listed (compiled). */
  readonly stateUs: { readonly machine: number; readonly compiled: number };
  /** mcts iterations a second at its defaults but the number of iterations, each engine. */
  readonly mctsPerSec: { readonly machine: number; readonly compiled: number };
  /** µs a real move (applyInPlace: legal moves listed, one applied, the state and its log given back), on the machine and on the live program. */
  readonly liveMoveUs: { readonly machine: number; readonly live: number };
}

/** A state a third of the way into a seeded random game, waiting at a decision of two options or more. */
function midGame(def: GameDefinition, players: number): GameState {
  const state = setup(def, players, 'bench-engines', [], MACHINE);
  const agents = Array.from({ length: players }, (_, seat) => randomAgent(`bench-engines:${seat}`));
  let legal = legalMoves(def, state)!;
  while (state.moves.length < 12 || legal.moves.length < 2) {
    applyInPlace(def, state, agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) }), MACHINE);
    legal = legalMoves(def, state)!;
  }
  return state;
}

/** µs per unit of work: `f` does some and says how many, run for `budgetMs` after a warm-up as long (at least 3 runs each). */
function usPer(f: () => number, budgetMs: number): number {
  let units = 0, elapsed = 0;
  for (const timed of [false, true]) {
    const start = performance.now();
    let runs = 0;
    units = 0;
    do {
      units += f();
      runs++;
    } while (runs < 3 || performance.now() - start < budgetMs);
    if (timed) elapsed = performance.now() - start;
  }
  return (elapsed * 1000) / Math.max(1, units);
}

export function engineFigures(def: GameDefinition, file: string, players: number, budgetMs: number): EngineFigures | null {
  const program = compiledProgram(def, players);
  if (program === null) return null;
  const state = midGame(def, players);
  const rng = seedRng('bench-engines');
  // Playing on: MOVES_ON random moves from the state (a game that ends sooner counts the moves it made).
  const realMoves = (engine: typeof MACHINE | object) => usPer(() => {
    const s = structuredClone(state);
    let moves = 0;
    for (; moves < MOVES_ON; moves++) {
      const legal = legalMoves(def, s);
      if (!legal) break;
      applyInPlace(def, s, legal.moves[nextInt(rng, legal.moves.length)]!, engine);
    }
    return moves;
  }, budgetMs);
  const machineMove = realMoves(MACHINE);
  const compiledMove = usPer(() => {
    let moves = 0;
    const pick: Picker = (n, options) => {
      if (moves === MOVES_ON) return -1;
      options.id(0); // a move's id made, as the machine names every option it lists
      moves++;
      return nextInt(rng, n);
    };
    program.resume(state, Array.from({ length: players }, () => pick), 100_000);
    return moves;
  }, budgetMs);
  const stop: Picker = () => -1;
  const stateUs = {
    machine: usPer(() => (structuredClone(state), 1), budgetMs),
    compiled: usPer(() => (program.resume(state, Array.from({ length: players }, () => stop), 100_000), 1), budgetMs),
  };
  const legal = legalMoves(def, state)!;
  const context = { def, seat: legal.player, view: () => view(def, state, legal.player) };
  const mctsRate = (machine: number) => {
    const iterations = machine ? 20 : 200;
    return 1e6 / usPer(() => (mctsAgent('bench', { iterations, machine }).choose(legal.moves, context), iterations), budgetMs);
  };
  return {
    file, players, moveUs: { machine: machineMove, compiled: compiledMove }, stateUs, mctsPerSec: { machine: mctsRate(1), compiled: mctsRate(0) },
    liveMoveUs: { machine: machineMove, live: realMoves({}) },
  };
}
