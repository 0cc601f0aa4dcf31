// The differential check at bench scale: thousands of seeded random games played by the
// interpreter and replayed move by move in each hand-written reference, which must offer the
// same legal moves to the same seat at every step and end with the same scores.
import type { GameDefinition } from '../interpreter/definition/index.js';
import { breakthrough } from '../test/reference/breakthrough.js';
import { connectFour } from '../test/reference/connect-four.js';
import { compareRandomGame, type Comparable } from '../test/reference/differential.js';
import { recordGame, replayInReference } from '../test/reference/tokaido-replay.js';
import { Tokaido } from '../test/reference/tokaido.js';

export interface DifferentialFigures {
  readonly game: string;
  readonly players: number;
  readonly games: number;
  readonly agreed: number;
  /** The first disagreement found, in words; null when every game agreed. */
  readonly firstDifference: string | null;
}

type OneGame = (def: GameDefinition, players: number, seed: string) => string | null;

const againstComparable = (make: () => Comparable): OneGame => (def, _players, seed) => compareRandomGame(def, make(), seed).difference;

/** How one interpreted game is compared with each reference (Tokaido's follows the log's chance). */
export const DIFFERENTIAL: Readonly<Record<string, OneGame>> = {
  tokaido: (def, players, seed) => replayInReference(recordGame(def, players, seed), new Tokaido()),
  'connect-four': againstComparable(connectFour),
  breakthrough: againstComparable(breakthrough),
};

export function differential(game: string, def: GameDefinition, players: number, games: number): DifferentialFigures {
  const one = DIFFERENTIAL[game];
  if (!one) throw new Error(`No differential replay for ${game}.`);
  let agreed = 0;
  let firstDifference: string | null = null;
  for (let i = 0; i < games; i++) {
    const difference = one(def, players, `differential-${players}-${i}`);
    if (difference === null) agreed++;
    else firstDifference ??= difference;
  }
  return { game, players, games, agreed, firstDifference };
}
