// The hand-written references the bench runs beside the interpreter, each with the ruleset and
// the setting it matches: same rules, same player counts, no optional variants.
import { breakthrough } from '../test/reference/breakthrough.js';
import { connectFour } from '../test/reference/connect-four.js';
import type { ReferenceGame } from '../test/reference/reference.js';
import { Tokaido } from '../test/reference/tokaido.js';

export interface ReferenceEntry {
  readonly game: string;
  readonly ruleset: string;
  readonly players: readonly number[];
  make(): ReferenceGame;
}

export const TUNED_CONNECT_FOUR = 'rulesets/connect-four/connect-four.rules';
export const OBVIOUS_CONNECT_FOUR = 'rulesets/connect-four/connect-four.obvious.rules';

export const REFERENCES: readonly ReferenceEntry[] = [
  { game: 'tokaido', ruleset: 'rulesets/tokaido/tokaido.cs.rules', players: [2, 3, 4, 5], make: () => new Tokaido() },
  { game: 'connect-four', ruleset: TUNED_CONNECT_FOUR, players: [2], make: connectFour },
  { game: 'breakthrough', ruleset: 'rulesets/breakthrough/breakthrough.rules', players: [2], make: breakthrough },
];
