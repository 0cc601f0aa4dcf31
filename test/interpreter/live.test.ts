// The live program gives back the machine's state where it stops: after each move of seeded games
// of every shipped ruleset, the state the program reaches (the move applied, played on to the next
// decision) is the machine's — pieces, cards, counters, chance, the stack of frames, the pending
// choice with its options, the moves — and a program stopped at once gives back the state it was given.
import { describe, expect, it } from 'vitest';
import {
  applyInPlace, Deopt, legalMoves, liveProgram, randomAgent, setup, view, type GameState, type Picker,
} from '../../interpreter/runtime/index.js';
import type { GameDefinition } from '../../interpreter/definition/index.js';
import { compileFile } from '../helpers.js';

/** A ruleset, its players, and how many moves of one seeded game are checked. */
const GAMES: readonly [string, number, number][] = [
  ['rulesets/connect-four/connect-four.rules', 2, 60],
  ['rulesets/breakthrough/breakthrough.rules', 2, 60],
  ['rulesets/draughts/draughts.rules', 2, 60],
  ['rulesets/yacht/yacht.rules', 2, 80],
  ['rulesets/hearts/hearts.rules', 4, 120],
  ['rulesets/tokaido/tokaido.cs.rules', 3, 80],
  ['rulesets/tokaido/tokaido.ru.rules', 5, 80],
  ['rulesets/java/java.cs.rules', 3, 120],
  ['rulesets/thurn-und-taxis/thurn-und-taxis.cs.rules', 3, 120],
  ['rulesets/kudy-tudy/kudy-tudy.cs.rules', 3, 60],
];

/** The state the live program reaches from `state` with `move` taken (by its id), stopped at the next decision. */
function playedOn(def: GameDefinition, state: GameState, move: string | null): GameState {
  const program = liveProgram(def, state.players, state.variants)!;
  let first = move !== null;
  const pick: Picker = (count, options) => {
    if (!first) return -1;
    first = false;
    for (let k = 0; k < count; k++) if (options.id(k) === move) return k;
    throw new Error(`the program does not list ${move}`);
  };
  return program.playOn(state, Array.from({ length: state.players }, () => pick), 100_000);
}

/** The state without its log, which the program does not write yet. */
const unlogged = (s: GameState) => ({ ...s, log: [] });

describe('the live program gives back the machine\'s state', () => {
  for (const [file, players, checked] of GAMES) {
    it(`${file}, ${players} players: after every move of a seeded game`, () => {
      const def = compileFile(file);
      const state = setup(def, players, 'live-1');
      const before = structuredClone(state);
      expect(unlogged(playedOn(def, state, null))).toEqual(unlogged(state));
      expect(state).toEqual(before); // read, never changed
      const agents = Array.from({ length: players }, (_, seat) => randomAgent(`live:${seat}`));
      let moves = 0;
      for (let legal = legalMoves(def, state); legal && moves < checked; legal = legalMoves(def, state), moves++) {
        const move = agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) });
        const program = playedOn(def, state, move);
        applyInPlace(def, state, move);
        expect(unlogged(program)).toEqual(unlogged(state));
      }
      expect(moves).toBeGreaterThan(10);
    });
  }

  it('gives up (Deopt) where a frame is not one it expects, never giving back a wrong state', () => {
    const def = compileFile('rulesets/tokaido/tokaido.cs.rules');
    const state = setup(def, 3, 'live-2');
    const damaged = structuredClone(state);
    damaged.stack = damaged.stack.map((f) => (f.k === 'block' ? { ...f, b: f.b + 1 } : f));
    expect(() => playedOn(def, damaged, null)).toThrow(Deopt);
  });
});
