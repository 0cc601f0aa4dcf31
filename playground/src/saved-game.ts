// A game kept outside the page: takes the ruleset (path and text), the setup, the moves and the
// position reached, gives it as a JSON file to download and as a link whose fragment holds the
// same data deflated (fflate) and base64url-encoded, and reads both back with an error that says
// what is wrong. A game is replayed from these: the seed makes every shuffle the same again. A game
// the command line saved (regula-saved-game/1) is read too, its ruleset found by its hash.
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { validate } from '../../interpreter/definition/index.js';
import { rulesetIdentity, SAVED_GAME_FORMAT as SAVED_GAME_FORMAT_CLI, type SavedGame as CommandLineGame } from '../../interpreter/tools/index.js';

export const SAVED_GAME_FORMAT = 'regula-playground-game/1';

export interface SavedGame {
  readonly format: typeof SAVED_GAME_FORMAT;
  readonly ruleset: { readonly path: string; readonly text: string };
  readonly players: number;
  readonly seed: string | number;
  readonly variants: readonly string[];
  /** The game's line of moves, including moves taken back that Redo would play again. */
  readonly moves: readonly string[];
  /** How many of them are played. */
  readonly position: number;
  /** Per seat, the agent spec playing it, or null for a person. */
  readonly agents?: readonly (string | null)[];
}

export class SavedGameError extends Error {}

/** Reads a saved game from JSON (a file's text), checking each field. */
export function parseSavedGame(text: string, source = 'The file'): SavedGame {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new SavedGameError(`${source} is not JSON: ${(e as Error).message}`);
  }
  const fail = (what: string): never => { throw new SavedGameError(`${source} is not a saved playground game: ${what}.`); };
  if (typeof data !== 'object' || data === null) fail('it holds no object');
  const g = data as Record<string, unknown>;
  if (g.format !== SAVED_GAME_FORMAT) fail(`its "format" is ${JSON.stringify(g.format)}, not "${SAVED_GAME_FORMAT}"`);
  const r = g.ruleset as Record<string, unknown> | undefined;
  if (!r || typeof r.path !== 'string' || typeof r.text !== 'string') fail('"ruleset" needs a "path" and a "text"');
  if (!Number.isInteger(g.players)) fail('"players" is not a whole number');
  if (typeof g.seed !== 'string' && typeof g.seed !== 'number') fail('"seed" is neither a number nor a text');
  if (!Array.isArray(g.variants) || !g.variants.every((v) => typeof v === 'string')) fail('"variants" is not a list of texts');
  if (!Array.isArray(g.moves) || !g.moves.every((m) => typeof m === 'string')) fail('"moves" is not a list of texts');
  const moves = g.moves as string[];
  if (!Number.isInteger(g.position) || (g.position as number) < 0 || (g.position as number) > moves.length) fail(`"position" is not a number from 0 to ${moves.length}`);
  if (g.agents !== undefined && (!Array.isArray(g.agents) || !g.agents.every((a) => a === null || typeof a === 'string'))) fail('"agents" is not a list of agent specs or nulls');
  return data as SavedGame;
}

export const savedGameJson = (game: SavedGame): string => `${JSON.stringify(game, null, 1)}\n`;

/** The rulesets a game saved by the command line may be of: their paths, and each one's original text. */
export interface RulesetSource {
  readonly paths: readonly string[];
  readonly text: (path: string) => Promise<string>;
}

/**
 * A game the command line saved (`regula play --json`, `--save`: interpreter/tools/saved-game.ts)
 * as a playground game: its ruleset is the one of `rulesets` whose text has the hash it records,
 * and its moves are the decisions players took (those the rules took alone are taken again when
 * they are played). Replaying them checks each, as for any imported game. Null for a file of
 * another format; SavedGameError for one of this format that cannot be read or matched.
 */
export async function commandLineGame(text: string, source: string, rulesets: RulesetSource): Promise<SavedGame | null> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null; // parseSavedGame says what is wrong with it
  }
  if (!data || typeof data !== 'object' || (data as { format?: unknown }).format !== SAVED_GAME_FORMAT_CLI) return null;
  let game: CommandLineGame;
  try {
    game = validate<CommandLineGame>('saved game', data, source);
  } catch (e) {
    throw new SavedGameError((e as Error).message);
  }
  for (const path of rulesets.paths) {
    const original = await rulesets.text(path);
    if (rulesetIdentity({ file: path, text: original, cites: [] }).sha256 !== game.ruleset.sha256) continue;
    const moves = game.moves.filter((m) => !m.forced).map((m) => m.move);
    return { format: SAVED_GAME_FORMAT, ruleset: { path, text: original }, players: game.players, seed: game.seed, variants: [...game.variants], moves, position: moves.length };
  }
  throw new SavedGameError(`${source} was saved from ${game.ruleset.file} (hash ${game.ruleset.sha256.slice(0, 12)}…), which is none of the playground's rulesets as they are shipped: open it with the command line (regula play RULES --state ${source}).`);
}

const toBase64Url = (bytes: Uint8Array): string => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array => {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

const HASH_KEY = 'game=';
/** A link to a game of a shipped ruleset left as shipped: the ruleset named by its path and a digest of its text, not copied. */
const REF_KEY = 'ref=';

/** Links longer than this are cut by some mail and chat programs: the page says so, and offers the file. */
export const LONG_LINK = 8000;

/** A short digest of a text (FNV-1a, 32 bits), to tell that a shipped ruleset is still the one a link was made with. */
export function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

const pack = (data: unknown): string => toBase64Url(deflateSync(strToU8(JSON.stringify(data)), { level: 9 }));

/**
 * The fragment that reopens this game: the ruleset's text, the setup and the position, deflated.
 * With `shipped` (the shipped text of the game's ruleset) and a ruleset left as shipped, the text
 * is not copied: the link names the ruleset and a digest of its text, and stays short.
 */
export function shareFragment(game: SavedGame, shipped?: string): string {
  if (shipped !== undefined && shipped === game.ruleset.text) {
    return `#${REF_KEY}${pack({ ...game, ruleset: { path: game.ruleset.path, digest: digest(shipped) } })}`;
  }
  return `#${HASH_KEY}${pack(game)}`;
}

const unpack = (text: string): string => {
  try {
    return strFromU8(inflateSync(fromBase64Url(text)));
  } catch {
    throw new SavedGameError('The link is damaged (cut short when it was copied?): its game cannot be read.');
  }
};

/** The game a page's fragment holds; null when it holds none. Throws SavedGameError when it is damaged. */
export function gameFromFragment(hash: string): SavedGame | null {
  const at = hash.indexOf(HASH_KEY);
  if (at < 0) return null;
  return parseSavedGame(unpack(hash.slice(at + HASH_KEY.length)), 'The link');
}

/**
 * The game a page's fragment holds, either form; `shipped` gives a shipped ruleset's text by its
 * path. Throws SavedGameError when the link is damaged or its ruleset has changed since.
 */
export async function gameFromLink(hash: string, shipped: (path: string) => Promise<string>): Promise<SavedGame | null> {
  const at = hash.indexOf(REF_KEY);
  if (at < 0) return gameFromFragment(hash);
  let data: { ruleset?: { path?: unknown; digest?: unknown } };
  try {
    data = JSON.parse(unpack(hash.slice(at + REF_KEY.length))) as typeof data;
  } catch (e) {
    throw e instanceof SavedGameError ? e : new SavedGameError('The link is damaged: its game cannot be read.');
  }
  const path = data.ruleset?.path;
  if (typeof path !== 'string') throw new SavedGameError('The link is damaged: it names no ruleset.');
  let text: string;
  try {
    text = await shipped(path);
  } catch {
    throw new SavedGameError(`The link names the ruleset ${path}, which this playground does not have.`);
  }
  if (digest(text) !== data.ruleset?.digest) {
    throw new SavedGameError(`The link was made with another version of ${path}: its moves may not fit the rules as they are now. Ask for the game as a file (Export game).`);
  }
  return parseSavedGame(JSON.stringify({ ...data, ruleset: { path, text } }), 'The link');
}
