// The runtime keeps an index of the pieces on each space between moves (interpreter/runtime/
// context.ts). A caller may edit a state between moves — replace a piece's entry, or change it in
// place — and the next move must see the pieces where the state says they are, exactly as a fresh
// copy of the same state would.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyInPlace, legalMoves, playGame, randomAgent, type GameState } from '../../interpreter/runtime/index.js';
import { compileFile, repoRoot } from '../helpers.js';

const def = compileFile(join(repoRoot, 'rulesets/breakthrough/breakthrough.rules'));

/** A game some moves in, played in place so the runtime has indexed this very state. */
function midGame(seed: number): GameState {
  const state = playGame(def, { players: 2, seed, agents: [randomAgent(`${seed}:0`), randomAgent(`${seed}:1`)], maxMoves: 100_000 });
  const moves = state.moves.slice(0, 12).map((m) => m.move);
  const replay = playGame(def, { players: 2, seed, script: moves.slice(0, 11) });
  applyInPlace(def, replay, moves[11]!);
  return replay;
}

/** Where the moves after `edit` lead, on the state itself and on a fresh copy of it. */
function bothWays(seed: number, edit: (state: GameState, piece: string, space: string) => void) {
  const state = midGame(seed);
  // The move offered before the edit must still make sense after it: the edit keeps off its squares.
  const first = legalMoves(def, state)!.moves[0]!;
  const untouched = (space: string) => !first.includes(space.slice(space.indexOf(':') + 1));
  const [piece] = Object.entries(state.pieces).find(([, at]) => at.space !== null && untouched(at.space))!;
  const empty = ['d4', 'e5', 'c4', 'f5', 'd5', 'e4'].map((name) => `squares:${name}`)
    .find((s) => untouched(s) && !Object.values(state.pieces).some((at) => at.space === s))!;
  edit(state, piece, empty);
  const copy = structuredClone(state);
  const trail = (s: GameState) => {
    const seen: string[][] = [];
    for (let i = 0; i < 6 && !s.over; i++) {
      const legal = legalMoves(def, s)!;
      seen.push([...legal.moves]);
      applyInPlace(def, s, legal.moves[0]!);
    }
    return { seen, pieces: s.pieces };
  };
  return { onState: trail(state), onCopy: trail(copy), moved: { piece, to: empty } };
}

describe('the index of pieces on each space', () => {
  it('sees a piece entry replaced between moves', () => {
    const { onState, onCopy, moved } = bothWays(3, (state, piece, space) => { state.pieces[piece] = { space, slot: 0 }; });
    expect(moved.to).toBeTruthy();
    expect(onState).toEqual(onCopy);
  });

  it('sees a piece entry changed in place between moves', () => {
    const { onState, onCopy } = bothWays(4, (state, piece, space) => { state.pieces[piece]!.space = space; });
    expect(onState).toEqual(onCopy);
  });

  it('sees a piece taken off the board between moves', () => {
    const { onState, onCopy } = bothWays(5, (state, piece) => { state.pieces[piece] = { space: null, slot: 0 }; });
    expect(onState).toEqual(onCopy);
  });
});
