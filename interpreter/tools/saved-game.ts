// Saved games: takes a ruleset's texts, a setup and a game's decisions, gives the file that keeps
// them (regula-saved-game/1); takes such a file's text, gives the game again by replaying it from
// setup. A saved game is its moves: nothing in the file is trusted as state. Every move is checked
// against the legal moves at its point, the ruleset against its hash, and the derived parts (the
// log, the final result) against the replay; a file that fails any check is refused, naming the
// move and the reason. The engine is reached only through setup, legalMoves, applyInPlace and
// result (and the log, for the decisions the rules took alone), so a new engine changes only those.
import { InvalidFileError, validate, type GameDefinition } from '../definition/index.js';
import {
  applyInPlace, checkSetup, legalMoves, playerLabel, setup, SetupError,
  type GameState, type LogEntry, type Result, type RunOptions,
} from '../runtime/index.js';
import { sha256 } from './sha256.js';

export const SAVED_GAME_FORMAT = 'regula-saved-game/1';
/** The largest saved game read: a long game with its log is well under a megabyte. */
export const MAX_SAVED_GAME_BYTES = 16 * 1024 * 1024;
/** The deepest nesting of arrays and objects read (a saved game needs four). */
export const MAX_SAVED_GAME_DEPTH = 32;

/** One decision: a player's choice, or (forced) the only option the rules offered, taken alone. */
export interface Decision {
  readonly player: number;
  readonly move: string;
  readonly forced?: true;
}

/** The texts that make a ruleset what it is: its source and every file it cites that was read. */
export interface RulesetTexts {
  /** The ruleset's file name (a path is cut to its last part). */
  readonly file: string;
  readonly text: string;
  readonly cites: readonly { readonly file: string; readonly text: string }[];
}

export interface RulesetIdentity {
  readonly file: string;
  readonly sha256: string;
  readonly cites: readonly { readonly file: string; readonly sha256: string }[];
}

export interface SavedGame {
  readonly format: typeof SAVED_GAME_FORMAT;
  readonly game: string;
  readonly ruleset: RulesetIdentity;
  readonly players: number;
  readonly seed: string | number;
  readonly variants: readonly string[];
  readonly moves: readonly Decision[];
  /** Derived: the game's log, checked against the replay when present. */
  readonly log?: readonly LogEntry[];
  /** Derived: the result (null while the game goes on), checked against the replay when present. */
  readonly final?: Result | null;
}

const baseName = (path: string) => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

export function rulesetIdentity(r: RulesetTexts): RulesetIdentity {
  return {
    file: baseName(r.file),
    sha256: sha256(r.text),
    cites: [...r.cites].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)).map((c) => ({ file: c.file, sha256: sha256(c.text) })),
  };
}

/** Why two identities differ, or null when they are the same ruleset. */
function identityDifference(saved: RulesetIdentity, here: RulesetIdentity): string | null {
  const short = (h: string | undefined) => (h ? `${h.slice(0, 12)}…` : 'none');
  if (saved.sha256 !== here.sha256) {
    return `this game was saved from another ruleset (${saved.file}, hash ${short(saved.sha256)}; this one, ${here.file}, hash ${short(here.sha256)})`;
  }
  const files = [...new Set([...saved.cites, ...here.cites].map((c) => c.file))];
  for (const file of files) {
    const a = saved.cites.find((c) => c.file === file)?.sha256;
    const b = here.cites.find((c) => c.file === file)?.sha256;
    if (a !== b) return `this game was saved with another text of ${file}, which the ruleset cites (hash ${short(a)}; here ${short(b)})`;
  }
  return null;
}

/**
 * Follows a game as it is played and records its decisions, forced ones included: give `onMove`
 * to playGame (it is called after setup and after every move). A move the rules took alone shows
 * only in the log, as the line the engine writes for it; the chosen move's own line comes first.
 */
export class DecisionRecorder {
  readonly decisions: Decision[];
  private moves: number;
  private logged: number;

  /** Without a start, the game is followed from its setup. */
  constructor(start?: { readonly state: GameState; readonly decisions: readonly Decision[] }) {
    this.decisions = start ? [...start.decisions] : [];
    this.moves = start?.state.moves.length ?? 0;
    this.logged = start?.state.log.length ?? 0;
  }

  readonly onMove = (state: GameState): void => {
    const chosen = state.moves.length > this.moves;
    if (chosen) {
      const m = state.moves[state.moves.length - 1]!;
      this.decisions.push({ player: m.player, move: m.move });
    }
    this.decisions.push(...forcedIn(state.log, chosen ? this.logged + 1 : this.logged));
    this.moves = state.moves.length;
    this.logged = state.log.length;
  };
}

/**
 * The decisions the rules took alone, as logged from entry `from` on: the entries marked `forced`,
 * each `P1: <move>`, or with the move in its detail when it was hidden (`P1: play a hidden card`,
 * `P1 decides in secret`).
 */
function forcedIn(log: readonly LogEntry[], from: number): Decision[] {
  const out: Decision[] = [];
  for (let i = from; i < log.length; i++) {
    const e = log[i]!;
    if (!e.forced) continue;
    const found = /^P(\d+)(?:: ([\s\S]*)| decides in secret)$/.exec(e.text);
    if (!found) throw new Error(`A forced choice is logged as \`${e.text}\`, which names no player`);
    out.push({ player: Number(found[1]) - 1, move: e.detail ?? found[2]!, forced: true });
  }
  return out;
}

export interface GameSetup {
  readonly players: number;
  readonly seed: string | number;
  readonly variants: readonly string[];
}

/** The saved game of a game played from setup with these decisions (its log and result derived from the state). */
export function savedGame(def: GameDefinition, ruleset: RulesetIdentity, game: GameSetup, decisions: readonly Decision[], state: GameState): SavedGame {
  return {
    format: SAVED_GAME_FORMAT, game: def.name, ruleset, players: game.players, seed: game.seed, variants: [...game.variants],
    moves: decisions.map((d) => (d.forced ? { player: d.player, move: d.move, forced: true } : { player: d.player, move: d.move })),
    log: state.log,
    final: state.result ? { scores: state.result.scores, winners: state.result.winners } : null,
  };
}

export interface LoadedGame {
  readonly state: GameState;
  readonly decisions: readonly Decision[];
  readonly setup: GameSetup;
  /** The moves the file held (for a file of the old format, its chosen moves). */
  readonly moves: number;
  /** Set for a file of an old format: what it was, and that it was read as its moves only. */
  readonly oldFormat?: string;
  /**
   * Where the file's derived parts (its final result, its log) disagree with the replay: then
   * either they were edited, or this engine no longer plays these moves as the one that saved them.
   * Only when asked for (`derived: 'report'`); otherwise such a file is refused.
   */
  readonly disagreement?: string;
}

export interface LoadOptions extends RunOptions {
  /** Refuse a file whose log or result disagree with the replay (default), or report it. */
  readonly derived?: 'refuse' | 'report';
}

/** Refuses text that is too large or nested too deep to be a saved game, before parsing it. */
function boundedJson(text: string, file: string): unknown {
  const refuse = (problem: string): never => { throw new InvalidFileError(file, 'saved game', [problem]); };
  if (text.length > MAX_SAVED_GAME_BYTES) refuse(`it is ${(text.length / 1024 / 1024).toFixed(1)} MB, more than the ${MAX_SAVED_GAME_BYTES / 1024 / 1024} MB a saved game may have`);
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > MAX_SAVED_GAME_DEPTH) refuse(`its arrays and objects nest more than ${MAX_SAVED_GAME_DEPTH} deep, far more than a saved game does`);
    } else if (c === 125 || c === 93) depth--;
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    return refuse(`it is not JSON (${(e as Error).message})`);
  }
}

interface OldGame { readonly game: string; readonly players: number; readonly seed: string | number; readonly variants: readonly string[]; readonly moves: readonly { player: number; move: string }[]; readonly final?: Result | null }

/**
 * Reads a saved game's text and replays it on `def`, whose texts give `ruleset`. A file of an
 * old format — the machine's whole state (regula-state/1) or the move log `play --json` wrote
 * before — is read as its list of chosen moves only, replayed and checked the same way; none of
 * its state is read, and its ruleset cannot be checked (it names none). Throws InvalidFileError
 * naming the move and the reason for a file that does not hold a game of these rules.
 */
export function loadSavedGame(def: GameDefinition, ruleset: RulesetIdentity, text: string, file: string, options: LoadOptions = {}): LoadedGame {
  const data = boundedJson(text, file);
  const refuse = (problem: string): never => { throw new InvalidFileError(file, 'saved game', [problem]); };
  const format = data && typeof data === 'object' && !Array.isArray(data) ? (data as { format?: unknown }).format : undefined;
  let game!: SavedGame | OldGame;
  let oldFormat: string | undefined;
  if (format === 'regula-state/1' || (format === undefined && data && typeof data === 'object' && 'moves' in data && !('ruleset' in data))) {
    oldFormat = format === 'regula-state/1' ? 'a whole machine state (regula-state/1)' : 'a move log of an older `regula play --json`';
    try {
      game = validate<OldGame>('move log', data, file);
    } catch (e) {
      if (e instanceof InvalidFileError) refuse(`read as ${oldFormat}: ${e.problems.join('; ')}`);
      throw e;
    }
  } else {
    const saved = validate<SavedGame>('saved game', data, file);
    game = saved;
    const differs = identityDifference(saved.ruleset, ruleset);
    if (differs) refuse(differs);
  }
  if (game.game !== def.name) refuse(`it is a game of ${game.game}, not of ${def.name}`);
  const variants = [...game.variants];
  try {
    checkSetup(def, game.players, variants);
  } catch (e) {
    if (e instanceof SetupError) refuse(`its setup cannot be played: ${e.message}`);
    throw e;
  }
  const state = setup(def, game.players, game.seed, variants, options);
  const recorder = new DecisionRecorder();
  recorder.onMove(state);
  const moves = game.moves as readonly Decision[];
  const at = (i: number) => `move ${i + 1} \`${moves[i]!.move}\``;
  let next = 0; // the first decision of the recorder not yet matched with the file
  let i = 0;
  /** The decisions the rules took alone since the last check: in a new file, each must be there (but after its last move). */
  const matchForced = () => {
    for (; next < recorder.decisions.length; next++) {
      const d = recorder.decisions[next]!;
      // A chosen move is the file's own, just played; an old file lists no forced moves.
      if (!d.forced || oldFormat) continue;
      const m = moves[i];
      const forced = `${playerLabel(d.player)}'s only option \`${d.move}\``;
      // Past the file's last move, what the rules take alone follows from it: the same position.
      if (!m) continue;
      if (!m.forced || m.move !== d.move || m.player !== d.player) refuse(`${at(i)} is not what the rules do here: they take ${forced} alone`);
      i++;
    }
  };
  for (;;) {
    matchForced();
    if (i >= moves.length) break;
    const m = moves[i]!;
    const legal = legalMoves(def, state);
    if (!legal) refuse(`${at(i)} comes after the game is over`);
    if (m.forced) refuse(`${at(i)} is marked forced, but here ${playerLabel(legal!.player)} chooses among ${legal!.moves.length} options`);
    if (m.player !== legal!.player) refuse(`${at(i)} is ${playerLabel(m.player)}'s, but here ${playerLabel(legal!.player)} decides (\`${legal!.choice}\` in rule \`${legal!.rule}\`)`);
    if (!legal!.moves.includes(m.move)) refuse(`${at(i)} is not legal here; legal: ${shortList(legal!.moves)}`);
    applyInPlace(def, state, m.move, options);
    recorder.onMove(state);
    i++;
  }
  const disagreement = 'final' in game || 'log' in game ? derivedDisagreement(game as SavedGame, state) : null;
  if (disagreement && options.derived !== 'report') refuse(disagreement);
  return {
    state, decisions: recorder.decisions, setup: { players: game.players, seed: game.seed, variants }, moves: moves.length,
    ...(oldFormat ? { oldFormat } : {}), ...(disagreement ? { disagreement } : {}),
  };
}

/** A list of moves for a message: the first few, and how many more. */
function shortList(moves: readonly string[]): string {
  const shown = moves.slice(0, 12).join(', ');
  return moves.length > 12 ? `${shown}, … (${moves.length} in all)` : shown || '(none)';
}

/** Where a file's final result or log differs from the game its moves make; null when they agree. */
function derivedDisagreement(game: Pick<SavedGame, 'final' | 'log'>, state: GameState): string | null {
  const result = state.result ? { scores: state.result.scores, winners: state.result.winners } : null;
  if (game.final !== undefined && JSON.stringify(game.final) !== JSON.stringify(result)) {
    const says = game.final ? `scores ${game.final.scores.join(', ')}, winners ${game.final.winners.map(playerLabel).join(', ') || 'none'}` : 'the game goes on';
    const is = result ? `scores ${result.scores.join(', ')}, winners ${result.winners.map(playerLabel).join(', ') || 'none'}` : 'the game goes on';
    return `its final result (${says}) is not what its moves give (${is})`;
  }
  if (game.log !== undefined) {
    const n = Math.max(game.log.length, state.log.length);
    for (let k = 0; k < n; k++) {
      if (JSON.stringify(game.log[k]) !== JSON.stringify(state.log[k])) {
        return `its log differs from the game its moves make at entry ${k + 1}: the file has ${JSON.stringify(game.log[k]?.text ?? '(nothing)')}, the game ${JSON.stringify(state.log[k]?.text ?? '(nothing)')}`;
      }
    }
  }
  return null;
}
