// Defines whose answer depends on their arguments alone are kept per model across games
// (interpreter/runtime/purity.ts). Each define below looks free of the state at a glance but reads
// it in some way; if the runtime kept its first answer, the logged values would stop changing.
import { describe, expect, it } from 'vitest';
import { playGame, setup } from '../../interpreter/runtime/index.js';
import { compileText } from '../helpers.js';

const RULES = `
game "Kept answers" { players 2 }
component Card { name: text, value: number }
table cards of Card in deck {
  | name | value |
  | a    | 1     |
  | b    | 2     |
  | c    | 4     |
}
component Square { name: text, x: number }
table squares of Square {
  | name | x |
  | s1   | 0 |
  | s2   | 1 |
  | s3   | 2 |
}
board line: track of squares
zone deck of Card, ordered
zone pile of Card
zone hand of Card per player
pieces pawn 1 per player
counter bump

// Free of the state: its answers may be kept.
define square-at(n) = first s in line where x of s = n
// A zone passed in: its cards are the state.
define size(z) = count(z)
define total(cs) = sum value of c for c in cs
// A piece's place, the current player, a counter: the state.
define where-is(p) = position of p
define mine = count(hand)
define bumped(n) = n + bump

flow {
  repeat 3 times {
    draw 1 from deck to pile
    let n = size(pile)
    let t = total(pile)
    say "pile {n} worth {t}"
  }
  move first q in pawn where owner of q = players[1] to square-at(0)
  let w = where-is(first q in pawn where owner of q = players[1])
  say "at {w}"
  move first q in pawn where owner of q = players[1] to square-at(2)
  let w2 = where-is(first q in pawn where owner of q = players[1])
  say "at {w2}"
  turn of players[1] {
    draw 1 from pile to hand
    let k = mine
    say "P1 holds {k}"
  }
  turn of players[2] {
    let k2 = mine
    say "P2 holds {k2}"
  }
  let b1 = bumped(1)
  say "bumped {b1}"
  gain 5 bump
  let b2 = bumped(1)
  say "bumped {b2}"
  end the game
}
`;

describe('defines kept per model', () => {
  const def = compileText(RULES);
  const said = (state: { log: readonly { text: string }[] }) => state.log.map((l) => l.text).filter((t) => /^(pile|at|P\d holds|bumped)/.test(t));

  it('are recomputed whenever they read the state, in one game and the next', () => {
    const expected = ['pile 1 worth 1', 'pile 2 worth 3', 'pile 3 worth 7', 'at 0', 'at 2', 'P1 holds 1', 'P2 holds 0', 'bumped 1', 'bumped 6'];
    expect(said(setup(def, 2, 1))).toEqual(expected);
    // A second game of the same model: nothing of the first is remembered wrongly.
    expect(said(playGame(def, { players: 2, seed: 2 }))).toEqual(expected);
  });
});
