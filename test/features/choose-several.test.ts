// Choosing several things at once (docs/language.md § Choosing several things at once): `choose 3
// cards from hand` offers every set of exactly that many, named in the order they lie; the checker
// refuses a written number that cannot be chosen, a running game one it meets.
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../interpreter/compiler/index.js';
import { apply, firstLegalAgent, legalMoves, playGame, setup, type RuleError } from '../../interpreter/runtime/index.js';
import { compileText } from '../helpers.js';
import { docExample } from './docs-example.js';

/** A game whose first player holds the cards a..(a + n - 1) and makes the choice `choice`. */
function game(cards: number, choice: string, extra = ''): string {
  const rows = Array.from({ length: cards }, (_, i) => `  | c${i + 1} | ${i + 1} |`).join('\n');
  return `game "G" { players 2 }
component Card { name: text, points: number }
table cards of Card in hand {
  | name | points |
${rows}
}
zone hand of Card
zone chosen of Card
${extra}
flow {
  turn of players[1] {
    ${choice}
    move cards to chosen
  }
  end the game
}
`;
}

const errorOf = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    return (e as RuleError).message;
  }
  return 'no error';
};

describe('the documented example', () => {
  const def = compileText(docExample('Choosing several things at once'));

  it('offers every pair of the hand that the `where` allows, as one decision, and gives the pair away', () => {
    let state = setup(def, 2, 3);
    const hand = state.zones['hand@0']!;
    const moves = legalMoves(def, state)!;
    expect(moves.choice).toBe('give');
    // Three cards make three pairs; the `where` refuses pairs worth more than 12 points.
    const points = (name: string) => ['apple', 'bread', 'cheese', 'dates', 'eggs', 'figs', 'grapes', 'honey', 'ink'].indexOf(name) + 1;
    const pairs = [[0, 1], [0, 2], [1, 2]].map(([a, b]) => [hand[a!]!, hand[b!]!]);
    expect(moves.moves).toEqual(pairs.filter((p) => points(p[0]!) + points(p[1]!) <= 12).map((p) => `give ${p.join('+')}`));
    const [first, second] = moves.moves[0]!.slice('give '.length).split('+');
    state = apply(def, state, moves.moves[0]!);
    expect(state.zones['gifts@0']).toEqual([first, second]);
    expect(state.zones['hand@0']).toHaveLength(1);
  });

  it('plays to the end for two and three players', () => {
    for (const players of [2, 3]) {
      const state = playGame(def, { players, seed: 5, agents: Array.from({ length: players }, firstLegalAgent) });
      expect(state.over).toBe(true);
      for (let seat = 0; seat < players; seat++) expect(state.zones[`hand@${seat}`]).toHaveLength(3);
    }
  });
});

describe('sets of a stated size', () => {
  it('offers the 286 sets of three from a hand of 13, each in the order the cards lie', () => {
    const def = compileText(game(13, 'choose 3 cards from hand as pass'));
    const moves = legalMoves(def, setup(def, 2, 1))!.moves;
    expect(moves).toHaveLength(286);
    expect(moves[0]).toBe('pass c1+c2+c3');
    expect(moves.at(-1)).toBe('pass c11+c12+c13');
    expect(new Set(moves).size).toBe(286);
  });

  it('takes the number from a name or an expression in brackets', () => {
    const named = compileText(game(4, 'choose passed cards from hand as pass', 'counter passed, from 3'));
    expect(legalMoves(named, setup(named, 2, 1))!.moves).toEqual(['pass c1+c2+c3', 'pass c1+c2+c4', 'pass c1+c3+c4', 'pass c2+c3+c4']);
    const computed = compileText(game(4, 'choose (count(hand) - 1) cards from hand where (sum points of c for c in cards) < 8 as pass'));
    expect(legalMoves(computed, setup(computed, 2, 1))!.moves).toEqual(['pass c1+c2+c3', 'pass c1+c2+c4']);
  });

  it('points a move naming the things in another order to the same things in their order', () => {
    const def = compileText(game(4, 'choose 2 cards from hand as pass'));
    expect(errorOf(() => apply(def, setup(def, 2, 1), 'pass c3+c1'))).toContain('Legal moves: pass c1+c3 (the same things, in the order they lie); pass c1+c2,');
  });
});

describe('numbers that cannot be chosen', () => {
  const check = (source: string) => compileSource(source, 't.rules').diagnostics.map((d) => `${d.code} ${d.message}`);

  it('the checker refuses a written number that offers nothing, or more than are written to choose from', () => {
    expect(check(game(4, 'choose 0 cards from hand as pass'))).toEqual(['R0301 Expected a number of things of at least 1 here, but this is 0 (nothing to choose).']);
    expect(check(game(4, 'choose 3 xs from [1, 2] as pick\n    let cards = hand'))).toEqual(['R0301 Expected a number of things no more than the 2 there are to choose from here, but this is 3.']);
    expect(check(game(4, 'choose ("three") cards from hand as pass'))).toEqual(['R0301 Expected a number here, but this is a text.']);
  });

  it('a running game stops at more things than there are, and at too many sets, naming the rule', () => {
    const more = compileText(game(4, 'choose 5 cards from hand as pass'));
    expect(errorOf(() => setup(more, 2, 1))).toBe('Choosing 5 things from 4 is impossible: there are only 4 to choose from (rule `flow`).');
    const many = compileText(game(20, 'choose 6 cards from hand as pass'));
    expect(errorOf(() => setup(many, 2, 1))).toBe('Choosing 6 of 20 things would offer more than 4096 options; choose fewer at once, or one at a time (rule `flow`).');
  });

  it('`choose any` of more than 12 things says to state how many', () => {
    const def = compileText(game(13, 'choose any cards from hand as pass'));
    expect(errorOf(() => setup(def, 2, 1))).toContain('if the rules say how many, choose that many (`choose 3 cards from …`), or choose one at a time');
  });
});
