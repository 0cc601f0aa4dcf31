// Differential play: an interpreted ruleset and a second implementation of the same game (a
// hand-written reference, or another encoding) step through one game side by side. After every
// move the two must offer the same legal move ids to the same seat; at the end, the same scores
// and winners. The log that drives them is just move ids, so it means the same to both.
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { applyInPlace, legalMoves, setup } from '../../interpreter/runtime/index.js';
import type { GameState } from '../../interpreter/runtime/index.js';
import { seededRandom, type ReferenceGame } from './reference.js';

/** What the comparison needs of the second side: a reference game, told who moves and who won. */
export interface Comparable extends ReferenceGame {
  /** The seat to move, or -1 once the game is over. */
  toMove(): number;
  /** The seats that won (every seat on a draw); empty while the game goes on. */
  winners(): number[];
}

export interface Comparison {
  /** The moves played, as the interpreter logs them (a lone legal move is made without a move id). */
  readonly moves: readonly string[];
  /** The first point where the two sides differ, in words; null when they agree to the end. */
  readonly difference: string | null;
  readonly scores: readonly number[] | null;
  readonly winners: readonly number[] | null;
}

export interface CompareOptions {
  readonly players?: number;
  /** The interpreter's seed (neither game here has chance, so it changes nothing but the log's header). */
  readonly seed?: string | number;
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const show = (ids: readonly string[]) => (ids.length ? ids.join(', ') : '(none)');

/**
 * A lone legal move is made by the interpreter without asking (the language's rule for a choice
 * with one option), so the other side makes it too before the two are compared.
 */
function catchUp(other: Comparable): void {
  while (!other.isOver()) {
    const ids = other.legalMoveIds();
    if (ids.length !== 1) return;
    other.applyMoveId(ids[0]!);
  }
}

/**
 * Plays one game on both sides: `choose` picks each move from the interpreter's legal ids (return
 * undefined to stop early). Returns the moves played and the first difference found, if any.
 */
export function compareGame(
  def: GameDefinition,
  other: Comparable,
  choose: (legal: readonly string[], played: number) => string | undefined,
  options: CompareOptions = {},
): Comparison {
  const players = options.players ?? 2;
  const state: GameState = setup(def, players, options.seed ?? 'differential');
  other.newGame(players);
  const moves: string[] = [];
  const outcome = (difference: string | null): Comparison =>
    ({ moves, difference, scores: state.result?.scores ?? null, winners: state.result?.winners ?? null });
  const at = () => `after ${moves.length} moves (${moves.join(', ') || 'the start'})`;
  catchUp(other);
  for (;;) {
    const waiting = legalMoves(def, state);
    const mine = [...(waiting?.moves ?? [])].sort();
    const theirs = other.isOver() ? [] : other.legalMoveIds().sort();
    if (!sameList(mine, theirs)) return outcome(`${at()}: the interpreter offers ${show(mine)}; the other side ${show(theirs)}`);
    if (!waiting) break;
    if (other.toMove() !== waiting.player) return outcome(`${at()}: seat ${waiting.player} decides in the interpreter, seat ${other.toMove()} on the other side`);
    const id = choose(waiting.moves, moves.length);
    if (id === undefined) return outcome(null);
    applyInPlace(def, state, id);
    try {
      other.applyMoveId(id);
    } catch (e) {
      return outcome(`${at()}: the other side refuses \`${id}\`: ${(e as Error).message}`);
    }
    moves.push(id);
    catchUp(other);
  }
  if (state.over !== other.isOver()) return outcome(`${at()}: the game is ${state.over ? '' : 'not '}over in the interpreter but ${other.isOver() ? '' : 'not '}on the other side`);
  const scores = state.result?.scores ?? [];
  const winners = [...(state.result?.winners ?? [])].sort();
  if (!sameList(scores, other.scores())) return outcome(`at the end: scores ${show(scores.map(String))} in the interpreter, ${show(other.scores().map(String))} on the other side`);
  if (!sameList(winners, [...other.winners()].sort())) return outcome(`at the end: winners ${winners.join(', ')} in the interpreter, ${other.winners().join(', ')} on the other side`);
  return outcome(null);
}

/**
 * Replays a log of move ids (as `state.moves` records them: lone legal moves left out) on both
 * sides, comparing at every step. A log that stops before the game ends, or goes on after it, is
 * a difference too.
 */
export function replay(def: GameDefinition, other: Comparable, log: readonly string[], options: CompareOptions = {}): Comparison {
  let extra: string | null = null;
  const result = compareGame(def, other, (legal, played) => {
    const id = log[played];
    if (id === undefined) extra = `the log ends after ${played} moves, before the game does`;
    else if (!legal.includes(id)) extra = `the log's move ${played + 1}, \`${id}\`, is not legal; legal: ${legal.join(', ')}`;
    return extra ? undefined : id;
  }, options);
  if (result.difference || extra) return { ...result, difference: result.difference ?? extra };
  if (result.moves.length < log.length) return { ...result, difference: `the game ends after ${result.moves.length} moves, but the log goes on` };
  return result;
}

/** One random game compared from start to end: each move uniform among the legal ones, from a seed. */
export function compareRandomGame(def: GameDefinition, other: Comparable, seed: string): Comparison {
  const random = seededRandom(seed);
  return compareGame(def, other, (legal) => legal[Math.floor(random() * legal.length)], { seed });
}

/**
 * A random game's log made by a reference alone (fast: no interpreter), in the form `replay`
 * takes: a lone legal move is played but not written down, as the interpreter does.
 */
export function referenceLog(game: Comparable, random: () => number, players = 2): string[] {
  game.newGame(players);
  const log: string[] = [];
  while (!game.isOver()) {
    const ids = game.legalMoveIds();
    const id = ids[Math.floor(random() * ids.length)]!;
    if (ids.length > 1) log.push(id);
    game.applyMoveId(id);
  }
  return log;
}

/**
 * Another ruleset, interpreted, seen as the other side of a comparison: two encodings of one game
 * compared move by move.
 */
export function interpretedGame(def: GameDefinition, seed: string | number = 'differential'): Comparable {
  let state: GameState = setup(def, def.players.min, seed);
  return {
    name: def.name,
    newGame(players) { state = setup(def, players, seed); },
    toMove: () => legalMoves(def, state)?.player ?? -1,
    legalMoveIds: () => [...(legalMoves(def, state)?.moves ?? [])],
    applyMoveId(id) { applyInPlace(def, state, id); },
    isOver: () => state.over,
    scores: () => [...(state.result?.scores ?? [])],
    winners: () => [...(state.result?.winners ?? [])],
    randomPlayout(random) {
      let n = 0;
      for (let legal = legalMoves(def, state); legal; legal = legalMoves(def, state), n++) {
        applyInPlace(def, state, legal.moves[Math.floor(random() * legal.moves.length)]!);
      }
      return n;
    },
  };
}
