// The messages between the simulate card (simulation.ts) and its web workers (sim-worker.ts): the
// page sends the game once, then batches of game numbers; a worker answers each game played, and
// each batch with its counts, or with the first game a rule stopped.
import type { GameDefinition } from '../../interpreter/definition/index.js';
import type { TallyData } from '../../interpreter/tools/index.js';
import type { Problem } from './game.js';

export type SimToWorker =
  | {
    readonly type: 'setup';
    readonly def: GameDefinition;
    readonly players: number;
    readonly variants: readonly string[];
    readonly seed: string;
    /** One agent spec per seat (`random`, `mcts:iterations=200`). */
    readonly agents: readonly string[];
  }
  /** Games `from` to `to` (exclusive): game g is seeded `seed/g`, as `regula sim` seeds it. */
  | { readonly type: 'batch'; readonly batch: number; readonly from: number; readonly to: number };

export type SimToPage =
  | { readonly type: 'played'; readonly batch: number }
  | { readonly type: 'done'; readonly batch: number; readonly counts: TallyData }
  | { readonly type: 'failed'; readonly batch: number; readonly game: string; readonly problem: Problem };
