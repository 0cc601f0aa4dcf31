// Everyday words as names (docs/language.md § Everyday words as names): contextual keywords name
// zones, counters, defines and variables; reserved words are refused with a message that says so.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRuleset } from '../../grammar/index.js';
import { RESERVED_KEYWORDS } from '../../grammar/tokens.js';
import { compileSource } from '../../interpreter/compiler/index.js';
import { apply, legalMoves, setup } from '../../interpreter/runtime/index.js';
import { compileText, repoRoot } from '../helpers.js';
import { docExample } from './docs-example.js';

describe('everyday words as names', () => {
  const source = docExample('Everyday words as names');

  it('plays the documented example to the end with exactly two players', () => {
    const def = compileText(source);
    expect(() => setup(def, 3, 1)).toThrow();
    let state = setup(def, 2, 7);
    expect(state.counters.round).toBe(1);
    for (let n = 0; n < 2; n++) {
      const legal = legalMoves(def, state)!;
      // `choose from from hand of p as play`: one move per card in the hand, named by the choice.
      expect(legal.moves.length).toBe(2);
      for (const move of legal.moves) expect(move).toMatch(/^play (ace|two|three|four)$/);
      state = apply(def, state, legal.moves[0]!);
    }
    // The second round's choices have one card each: they are made without asking.
    expect(state.over).toBe(true);
    expect(state.counters.round).toBe(3);
    const steps = state.counters.step as number[];
    // Every card was played once: the ranks 1 + 2 + 3 + 4 shared between the two players.
    expect(steps[0]! + steps[1]!).toBe(10);
  });

  it('reads `players 2` as exactly two, beside `players 2 to 5`', () => {
    const game = (text: string) => parseRuleset(`game "G" { ${text} }`).ruleset.decls[0];
    expect(game('players 2')).toMatchObject({ minPlayers: 2, maxPlayers: 2 });
    expect(game('players 2 to 5')).toMatchObject({ minPlayers: 2, maxPlayers: 5 });
  });

  it('accepts keywords as names in every naming position', () => {
    const text = `game "G" { players 2 }
component grid { step: number, rank: low | high }
table after of grid { | name | step | rank |
  | a | 1 | low | }
zone move of grid
zone winner per player
counter round per player, from 0
pieces piece per player
board track: square grid of after
define turn(from, to) = from + to
event draw(card)
rule score(to) on draw where to is not none { gain 1 round }
flow { let step = turn(1, 2)  for each from in move { fire draw(from) } }
winner most round`;
    const result = compileSource(text, 't.rules');
    // A square grid wants x and y columns; the rest is about names only.
    expect(result.diagnostics.filter((d) => d.severity === 'error' && d.code.startsWith('R01'))).toEqual([]);
  });

  it('says which word is reserved and what to write instead', () => {
    expect(parseRuleset('zone where').diagnostics[0]!.message).toBe(
      'Expected a name but found the keyword `where`, which is reserved: write another name, such as `my-where`.',
    );
  });

  it('reads `first` and `last` as names, and as quantifiers where a variable and `in` follow them', () => {
    const def = compileText(`game "G" { players 2 }
component Card { rank: number }
table deck of Card in last {
  | name | rank |
  | a    | 1    |
  | b    | 2    |
  | c    | 3    |
}
zone last of Card, ordered, public
counter first per player
define first-rank(xs) = rank of first(xs)
define first(xs) = xs[1]
flow {
  for each p in players {
    turn of p {
      choose pick from last where rank of pick > 1 as take
      let first = last c in last where rank of c < rank of pick
      gain rank of first + first-rank(last) first
    }
  }
  end the game
}
winner most first
`);
    let state = setup(def, 2, 1);
    expect(legalMoves(def, state)!.moves).toEqual(['take b', 'take c']);
    state = apply(def, state, 'take c'); // the last card below c is b (2), the first card a (1)
    state = apply(def, state, 'take b'); // below b: a (1), and a again
    expect(state.counters.first).toEqual([3, 2]);
    // Still a quantifier with a name and `in` after it, and an error where neither reading fits.
    expect(parseRuleset('define x = first in xs').diagnostics).toEqual([]);
    expect(parseRuleset('define x = first c where c').diagnostics.length).toBeGreaterThan(0);
  });

  it('lists in the docs exactly the words the lexer reserves', () => {
    const doc = (file: string) => readFileSync(join(repoRoot, 'docs', file), 'utf8');
    const grammar = /Reserved everywhere \(never a name\):\n```\n([^`]*)```/.exec(doc('grammar.md'))![1]!;
    const language = /cannot be names: `([^`]*)`/.exec(doc('language.md').replace(/\n  /g, ' '))![1]!;
    const reserved = [...RESERVED_KEYWORDS].sort();
    expect(grammar.split(/\s+/).filter(Boolean).sort()).toEqual(reserved);
    expect(language.split(/\s+/).filter(Boolean).sort()).toEqual(reserved);
  });

  it('refuses a rule run by name whose name starts a statement (R0406), not an event rule', () => {
    const base = 'game "G" { players 2 }\nevent moved\n';
    const called = compileSource(`${base}rule move { say "x" }\nflow { fire moved }\n`, 't.rules');
    const r0406 = called.diagnostics.filter((d) => d.code === 'R0406');
    expect(r0406.map((d) => d.message)).toEqual([
      '`move` is a name the language reserves for the statement `move …`, so a rule by that name could not be run: give it another name, such as `do-move`.',
    ]);
    const onEvent = compileSource(`${base}rule move on moved { say "x" }\nflow { fire moved }\n`, 't.rules');
    expect(onEvent.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // A rule named by a contextual keyword that starts no statement is run by name as usual.
    const grid = compileSource(`${base}rule grid { say "x" }\nflow { grid() }\n`, 't.rules');
    expect(grid.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
