// Interpreted Tokaido games replayed in the hand-written reference: the interpreter plays a game
// with random agents and records every decision (who, which options, what was chosen) and its full
// log; the reference then replays the decisions, taking its shuffles and chance picks from that
// log, and must offer the same options to the same seat at every decision and end with the same
// scores and winners. Recording and replaying are apart, so a bench can replay thousands.
import { randomAgent } from '../../interpreter/runtime/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { applyInPlace, legalMoves, setup } from '../../interpreter/runtime/index.js';
import type { LogEntry } from '../../interpreter/runtime/index.js';
import { recordedChance } from './reference.js';
import { Tokaido } from './tokaido.js';

export interface RecordedDecision {
  readonly player: number;
  /** The options the interpreter offered, in its order. */
  readonly moves: readonly string[];
  readonly chosen: string;
}

export interface RecordedGame {
  readonly players: number;
  readonly seed: string;
  readonly decisions: readonly RecordedDecision[];
  /** The full log (with the details nobody sees): the shuffles' orders and the chance picks. */
  readonly log: readonly LogEntry[];
  readonly scores: readonly number[];
  readonly winners: readonly number[];
}

/** One game of the interpreter, seat i played by `randomAgent(seed:i)` as `playGame` seats them. */
export function recordGame(def: GameDefinition, players: number, seed: string): RecordedGame {
  const state = setup(def, players, seed);
  const agents = Array.from({ length: players }, (_, i) => randomAgent(`${seed}:${i}`));
  const decisions: RecordedDecision[] = [];
  for (let legal = legalMoves(def, state); legal; legal = legalMoves(def, state)) {
    const seat = legal.player;
    const chosen = agents[seat]!.choose(legal.moves, { def, seat, view: () => { throw new Error('a random agent looks at nothing'); } });
    decisions.push({ player: seat, moves: legal.moves, chosen });
    applyInPlace(def, state, chosen);
  }
  if (!state.over || !state.result) throw new Error(`the interpreted game ${seed} stopped before its end`);
  return { players, seed, decisions, log: state.log, scores: state.result.scores, winners: state.result.winners };
}

const same = (a: readonly (string | number)[], b: readonly (string | number)[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Replays a recorded game in the reference (a new game is started in `game`). Returns null when
 * the two agree throughout, or the first difference in words.
 */
export function replayInReference(rec: RecordedGame, game: Tokaido = new Tokaido()): string | null {
  const where = (i: number) => `${rec.players} players, seed ${rec.seed}, decision ${i + 1}`;
  try {
    game.newGame(rec.players, recordedChance(rec.log));
    for (let i = 0; i < rec.decisions.length; i++) {
      const d = rec.decisions[i]!;
      if (game.isOver()) return `${where(i)}: the reference's game is over; the interpreter offers ${d.moves.join(', ')}`;
      if (game.toMove() !== d.player) return `${where(i)}: P${d.player + 1} decides in the interpreter, P${game.toMove() + 1} in the reference`;
      const mine = game.legalMoveIds().sort();
      const theirs = [...d.moves].sort();
      if (!same(mine, theirs)) return `${where(i)}: the interpreter offers ${theirs.join(', ')}; the reference ${mine.join(', ')}`;
      game.applyMoveId(d.chosen);
    }
  } catch (e) {
    return `${rec.players} players, seed ${rec.seed}: the reference fails: ${(e as Error).message}`;
  }
  if (!game.isOver()) return `${rec.players} players, seed ${rec.seed}: the interpreter's game is over, the reference still offers ${game.legalMoveIds().join(', ')}`;
  if (!same(game.scores(), rec.scores)) return `${rec.players} players, seed ${rec.seed}: scores ${rec.scores.join(', ')} in the interpreter, ${game.scores().join(', ')} in the reference`;
  if (!same([...game.winners()].sort(), [...rec.winners].sort())) return `${rec.players} players, seed ${rec.seed}: winners ${rec.winners.join(', ')} in the interpreter, ${game.winners().join(', ')} in the reference`;
  return null;
}
