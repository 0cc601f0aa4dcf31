// The hand-written references the bench runs beside the interpreter, each with the ruleset and
// the setting it matches: same rules, same player counts, no optional variants.
import type { ReferenceGame } from '../test/reference/reference.js';

export interface ReferenceEntry {
  readonly game: string;
  readonly ruleset: string;
  readonly players: readonly number[];
  make(): ReferenceGame;
}

export const TUNED_CONNECT_FOUR = 'rulesets/connect-four/connect-four.rules';
export const OBVIOUS_CONNECT_FOUR = 'bench/fixtures/connect-four-obvious.rules';

export const REFERENCES: readonly ReferenceEntry[] = [];
