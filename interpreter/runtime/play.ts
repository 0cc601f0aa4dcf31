// Playing whole games: scripted moves first, then agents to the end. Used by the CLI, the
// simulator, the tests and the benchmark, so they all play the same way.
import type { Agent } from './agents.js';
import type { GameDefinition } from '../definition/index.js';
import { applyInPlace, legalMoves, setup, view, type RunOptions } from './index.js';
import { EndlessGameError } from './errors.js';
import type { GameState } from './state.js';

export interface PlayOptions extends RunOptions {
  /** Continue a saved game instead of setting up a new one (players, seed and variants are its own). */
  readonly from?: GameState;
  readonly players: number;
  readonly seed: string | number;
  readonly variants?: readonly string[];
  /** Move ids to play first, in order; an illegal one stops with IllegalMoveError. */
  readonly script?: readonly string[];
  /** One agent per seat; without agents the game stops after the script. */
  readonly agents?: readonly Agent[];
  /** Stops a game that has not ended after this many moves. */
  readonly maxMoves?: number;
  /** Called after every move, e.g. to check invariants. */
  readonly onMove?: (state: GameState) => void;
}

export function playGame(def: GameDefinition, options: PlayOptions): GameState {
  const state = options.from ? structuredClone(options.from) : setup(def, options.players, options.seed, options.variants ?? [], options);
  options.onMove?.(state);
  for (const move of options.script ?? []) {
    applyInPlace(def, state, move, options);
    options.onMove?.(state);
  }
  if (!options.agents) return state;
  const limit = options.maxMoves ?? 100_000;
  while (!state.over) {
    const legal = legalMoves(def, state);
    if (!legal) break;
    if (state.moves.length >= limit) {
      throw new EndlessGameError(limit, `P${legal.player + 1}'s choice \`${legal.choice}\` in rule \`${legal.rule}\``);
    }
    const agent = options.agents[legal.player]!;
    const seat = legal.player;
    applyInPlace(def, state, agent.choose(legal.moves, { def, seat, view: () => view(def, state, seat) }), options);
    options.onMove?.(state);
  }
  return state;
}
