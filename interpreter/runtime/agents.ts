// Agents choose moves for players. An agent sees only what its player may see (the view) and the
// legal move ids; anything that implements `Agent` can play any Regula game.
import type { GameDefinition } from '../definition/index.js';
import { nextInt, seedRng, type RngState } from './rng.js';
import type { PlayerView } from './index.js';

/** What an agent may look at when it decides: its own view, built only if asked for. */
export interface AgentContext {
  readonly def: GameDefinition;
  readonly seat: number;
  view(): PlayerView;
}

export interface Agent {
  readonly name: string;
  choose(moves: readonly string[], context: AgentContext): string;
  /**
   * Chooses among `count` options by index alone, without their ids or a view, as `choose` would
   * among that many moves (the same index, the same randomness used). Agents that have it can play
   * playouts on the compiled tier (runtime/playout.ts).
   */
  pick?(count: number): number;
}

/** Always the first legal move: deterministic, useful for tests and for reading a game. */
export const firstLegalAgent = (): Agent => ({ name: 'first', choose: (moves) => moves[0]!, pick: () => 0 });

/** A uniformly random legal move, from its own seeded generator so games replay exactly. */
export function randomAgent(seed: string | number): Agent {
  const rng: RngState = seedRng(`agent:${seed}`);
  return { name: 'random', choose: (moves) => moves[nextInt(rng, moves.length)]!, pick: (count) => nextInt(rng, count) };
}

export type AgentFactory = (seed: string | number, seat: number) => Agent;

export const AGENTS: Readonly<Record<string, AgentFactory>> = {
  random: (seed, seat) => randomAgent(`${seed}:${seat}`),
  first: () => firstLegalAgent(),
};
