// What the generated program takes from outside: the classes its values and errors are made of,
// the end of a game, chance, and set scoring as the machine's. The small helpers it calls on every
// step (a kind checked, equality, labels, division) are part of its own source (program.ts), so
// that each game's program has its own copies: V8 learns the kinds a function sees per function,
// and helpers shared by every game a process plays learn every game's kinds and slow them all.
import { scoreSets } from '../builtins.js';
import { nextInt, seedRng } from '../rng.js';
import { playerLabel, splitZoneKey } from '../values.js';
import { Deopt } from './errors.js';
import { Ref } from './world.js';

/** Thrown by `end the game`. */
export const END = { end: true };

export const HELPERS: {
  Deopt: typeof Deopt; Ref: typeof Ref; END: typeof END; seedRng: typeof seedRng; nextIntOf: typeof nextInt; scoreSets: typeof scoreSets;
  /** Whether a state's part is marked as never changing (see markUnchanging). */
  UNCHANGING: (part: object) => boolean;
  /** A seat and a zone as the log names them (`P2`, `hand of P2`). */
  playerLabel: typeof playerLabel; zoneName: (key: string) => string;
} = { Deopt, Ref, END, seedRng, nextIntOf: nextInt, scoreSets, UNCHANGING: () => false, playerLabel, zoneName };

/** A zone's name in the log: a zone kept per player names the player. */
export function zoneName(key: string): string {
  const { zone, seat } = splitZoneKey(key);
  return seat === null ? zone : `${zone} of ${playerLabel(seat)}`;
}
