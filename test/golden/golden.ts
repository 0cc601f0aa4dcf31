// Golden games: for every shipped ruleset, player count and variant setting, seeded random games
// recorded once (their moves and final state) and replayed by the test to the identical state.
// They pin the runtime's behaviour down across rewrites: a change that alters any of them must
// say why and re-record (`npm run golden:record`).
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomAgent } from '../../interpreter/runtime/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { playGame } from '../../interpreter/runtime/index.js';
import type { GameState } from '../../interpreter/runtime/index.js';

export const GOLDEN_DIR = 'test/golden/fixtures';

/** Every recorded setting's file, relative to the repository root, in a stable order. */
export function goldenFixtures(root: string): string[] {
  return readdirSync(join(root, GOLDEN_DIR), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(GOLDEN_DIR, f));
}
/** Every setting gets at least this many games; short games get more, up to the most. */
export const FEWEST_GAMES = 4;
export const MOST_GAMES = 12;
/** Games are added to a setting while its recorded moves stay under this. */
export const MOVES_PER_SETTING = 1000;

/** One recorded game: the moves that replay it, and what it must end in. */
export interface GoldenGame {
  readonly seed: string;
  readonly moves: readonly string[];
  /** The final state without its log and move records, which are kept as digests. */
  readonly final: Record<string, unknown>;
  readonly logLines: number;
  readonly logDigest: string;
  readonly movesDigest: string;
}

export interface GoldenFile {
  readonly ruleset: string;
  readonly players: number;
  readonly variants: readonly string[];
  readonly games: readonly GoldenGame[];
}

const digest = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** What a finished game is compared by. */
export function summarize(state: GameState): Omit<GoldenGame, 'seed' | 'moves'> {
  const { log, moves, ...rest } = state;
  return { final: JSON.parse(JSON.stringify(rest)), logLines: log.length, logDigest: digest(log), movesDigest: digest(moves) };
}

/** Plays one seeded game between random agents, as the corpus test does (on the machine: the record is the oracle's). */
export function recordGame(def: GameDefinition, players: number, variants: readonly string[], seed: string): GoldenGame {
  const state = playGame(def, { players, seed, variants, engine: 'machine', agents: Array.from({ length: players }, (_, seat) => randomAgent(`${seed}:${seat}`)) });
  return { seed, moves: state.moves.map((m) => m.move), ...summarize(state) };
}

/** Replays a recorded game's moves from its seed (on the live program, or the machine); returns the same summary for comparison. */
export function replayGame(def: GameDefinition, file: GoldenFile, game: GoldenGame, engine?: 'machine'): Omit<GoldenGame, 'seed' | 'moves'> {
  const state = playGame(def, { players: file.players, seed: game.seed, variants: file.variants, script: game.moves, ...(engine ? { engine } : {}) });
  return summarize(state);
}

/** Where a setting's recorded games live, e.g. test/golden/fixtures/java/java.cs.3p.token-any-time.json. */
export function goldenPath(ruleset: string, players: number, variants: readonly string[]): string {
  const [, game, file] = ruleset.split(/[\\/]/);
  const base = file!.replace(/\.rules$/, '');
  return join(GOLDEN_DIR, game!, `${base}.${players}p${variants.length ? `.${variants.join('+')}` : ''}.json`);
}
