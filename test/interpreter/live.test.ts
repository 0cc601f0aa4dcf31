// The live program gives back the machine's state where it stops: after each move of seeded games
// of every shipped ruleset, the state the program reaches (the move applied, played on to the next
// decision) is the machine's — pieces, cards, counters, chance, the stack of frames, the pending
// choice with its options, the moves and the log — and a program stopped at once gives back the
// state it was given. `setup` and `applyInPlace` play on it: a game set up and played move by move
// is the machine's game, even when the machine plays some of its moves in between.
import { describe, expect, it } from 'vitest';
import {
  applyInPlace, Deopt, legalMoves, liveCounts, liveProgram, randomAgent, setup, view, type GameState, type Picker,
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

/** The machine: the oracle (setup and applyInPlace play on the live program unless told). */
const MACHINE = { engine: 'machine' } as const;

describe('the live program gives back the machine\'s state', () => {
  for (const [file, players, checked] of GAMES) {
    it(`${file}, ${players} players: after every move of a seeded game`, () => {
      const def = compileFile(file);
      const state = setup(def, players, 'live-1', [], MACHINE);
      const before = structuredClone(state);
      expect(playedOn(def, state, null)).toEqual(state);
      expect(state).toEqual(before); // read, never changed
      const agents = Array.from({ length: players }, (_, seat) => randomAgent(`live:${seat}`));
      let moves = 0;
      for (let legal = legalMoves(def, state); legal && moves < checked; legal = legalMoves(def, state), moves++) {
        const move = agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, state, legal.player) });
        const program = playedOn(def, state, move);
        applyInPlace(def, state, move, MACHINE);
        expect(program).toEqual(state);
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

  for (const [file, players] of GAMES) {
    it(`${file}, ${players} players: set up and played move by move on the live program, some moves on the machine`, () => {
      const def = compileFile(file);
      const before = liveCounts();
      const live = setup(def, players, 'live-3');
      const machine = setup(def, players, 'live-3', [], MACHINE);
      expect(live).toEqual(machine);
      const agents = Array.from({ length: players }, (_, seat) => randomAgent(`live3:${seat}`));
      let moves = 0;
      for (let legal = legalMoves(def, machine); legal && moves < 300; legal = legalMoves(def, machine), moves++) {
        const move = agents[legal.player]!.choose(legal.moves, { def, seat: legal.player, view: () => view(def, machine, legal.player) });
        applyInPlace(def, machine, move, MACHINE);
        // Every seventh move the machine plays the live game's move too: the program must see the state changed.
        applyInPlace(def, live, move, moves % 7 === 3 ? MACHINE : {});
        expect(live).toEqual(machine);
      }
      const after = liveCounts();
      expect(after.givenUp).toBe(before.givenUp);
      expect(after.played - before.played).toBeGreaterThan(moves * 0.8);
    });
  }
});
