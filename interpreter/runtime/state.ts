// The game state: plain JSON, no classes or functions, so it saves, loads, and replays exactly.
// The machine's call stack lives in it too, which is what lets `apply` stop at a player's decision
// and resume later from a state that was saved to disk.
import type { RngState } from './rng.js';
import type { Value } from './values.js';

export const STATE_FORMAT = 'regula-state/1';

/** A statement's address: the block's number in the model and the statement's index in it. */
export interface StmtRef {
  readonly b: number;
  readonly pc: number;
}

export type Frame =
  | { k: 'block'; b: number; pc: number; vars: Record<string, Value> }
  | { k: 'call'; rule: string; vars: Record<string, Value> }
  | { k: 'turn'; player: number; quiet?: boolean }
  | { k: 'phase'; level: 'phase' | 'step' | 'round'; title: string; timeLimit?: number }
  | { k: 'each'; s: StmtRef; items: Value[]; i: number; simultaneous: boolean }
  | { k: 'repeat'; s: StmtRef; left: number | null }
  | { k: 'rank'; s: StmtRef; items: { value: Value; place: number }[]; i: number }
  | { k: 'fire'; event: string; args: Value[]; i: number };

export interface Option {
  readonly id: string;
  readonly value: Value;
  /** For a menu: the index of the chosen branch. */
  readonly branch?: number;
}

/** The decision the game waits for: who decides, which named choice, and the legal options. */
export interface Pending {
  readonly player: number;
  readonly choice: string;
  readonly rule: string;
  readonly options: readonly Option[];
  /** Made in a `simultaneously` block: the others must not see it until it is revealed. */
  readonly secret: boolean;
}

/**
 * One line of the game log. `text` is what everyone reads; `detail` is what only `seen` seats may
 * read (an empty list: nobody). A seat outside `seen` is given the text alone, never the other fields.
 */
export interface LogEntry {
  readonly text: string;
  readonly detail?: string;
  readonly seen?: readonly number[];
  /** A choice the rules made alone because it had one option. Never in `text`: how many options a hidden choice had is the decider's to know. */
  readonly forced?: true;
  /**
   * Where in the ruleset the statement that wrote the line is (1-based): the `gain` that gave the
   * coins, the `choose` that chose. Not the file: a log is of one ruleset, and a path would make it
   * depend on where that file was opened from. Absent for the lines of no statement (the setup's header).
   */
  readonly at?: SourcePlace;
}

/** A place in a ruleset's text: its line and column, both from 1 (the column in UTF-16 units, as editors count). */
export interface SourcePlace {
  readonly line: number;
  readonly col: number;
}

export interface MoveRecord {
  readonly player: number;
  readonly move: string;
  /** Made in secret (a simultaneous phase): others see only that a choice was made. */
  readonly secret?: boolean;
  /** Names cards some players cannot see: only these seats may read it (others see that a choice was made). */
  readonly seen?: readonly number[];
}

export interface Result {
  readonly scores: readonly number[];
  readonly winners: readonly number[];
}

export interface GameState {
  readonly format: typeof STATE_FORMAT;
  readonly game: string;
  readonly players: number;
  readonly seed: string;
  /** The variants the players chose; automatic ones are derived from the player count. */
  readonly variants: readonly string[];
  rng: RngState;
  /**
   * Numbers, or any value for a counter declared `from none`: one for the game, one a seat, one a
   * thing by its id, or (`per player per X`) a list a thing by its id, one value a seat.
   */
  counters: Record<string, Value | Value[] | Record<string, Value> | Record<string, Value[]>>;
  zones: Record<string, string[]>;
  revealed: string[];
  pieces: Record<string, { space: string | null; slot: number }>;
  stack: Frame[];
  pending: Pending | null;
  ending: boolean;
  over: boolean;
  turns: number;
  moves: MoveRecord[];
  log: LogEntry[];
  result: Result | null;
}
