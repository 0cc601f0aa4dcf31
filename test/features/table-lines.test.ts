// Tables made by lines (docs/language.md § Tables made by lines): a 52-card deck, 30 numbered tiles
// and dice faces from a few lines, played and formatted as users reach them.
import { describe, expect, it } from 'vitest';
import { parseRuleset, type TableDecl } from '../../grammar/index.js';
import { compileSource } from '../../interpreter/compiler/index.js';
import { apply, legalMoves, setup } from '../../interpreter/runtime/index.js';
import { format } from '../../language/format.js';
import { compileText } from '../helpers.js';
import { docExample } from './docs-example.js';

const source = docExample('Tables made by lines');
const tableOf = (text: string, name: string) =>
  parseRuleset(text).ruleset.decls.find((d): d is TableDecl => d.kind === 'Table' && d.name.text === name)!;

describe('tables made by lines', () => {
  it('makes a standard deck of 52 cards and 30 tiles, and deals and plays them', () => {
    const def = compileText(source);
    let state = setup(def, 4, 3);
    const hands = [0, 1, 2, 3].map((seat) => state.zones[`hand@${seat}`]!);
    expect(hands.map((h) => h.length)).toEqual([13, 13, 13, 13]);
    expect(new Set(hands.flat()).size).toBe(52);
    expect(hands.flat()).toContain('14 of spades');
    expect(state.zones.bag!.length).toBe(30);
    expect(legalMoves(def, state)!.moves).toEqual(Array.from({ length: 30 }, (_, i) => `take ${i + 1}`));
    state = apply(def, state, 'take 17');
    expect(state.zones['rack@0']).toEqual(['17']);
    for (let seat = 1; seat < 4; seat++) state = apply(def, state, legalMoves(def, state)!.moves[0]!);
    expect(state.over).toBe(true);
    // Everyone's highest rank is read from the generated `rank` attribute.
    expect(state.counters.highest).toEqual([0, 1, 2, 3].map((seat) => Math.max(...state.zones[`hand@${seat}`]!.map((c) => Number(c.split(' ')[0])))));
  });

  it('reads as the rows it stands for: first line outermost, names from the template or the values', () => {
    const deck = tableOf(source, 'deck');
    expect(deck.columns.map((c) => c.text)).toEqual(['name', 'suit', 'rank']);
    expect(deck.rows.slice(0, 2).map((r) => r.map((c) => c.value))).toEqual([['2 of clubs', 'clubs', 2], ['3 of clubs', 'clubs', 3]]);
    const dice = tableOf('table faces of Face {\n  each colour in red, blue\n  each pips from 1 to 6\n  copies 5\n}\n', 'faces');
    expect(dice.columns.map((c) => c.text)).toEqual(['name', 'colour', 'pips', 'copies']);
    expect(dice.rows.length).toBe(12);
    expect(dice.rows[6]!.map((c) => c.value)).toEqual(['blue-1', 'blue', 1, 5]);
  });

  it('is formatted one line a line, and the documented example is already canonical', () => {
    const result = format('game "G" { players 2 }\ncomponent F { n: number }\ntable fs of F { each n from 1 to 3\n copies 2 }\n');
    expect(result.ok && result.text).toContain('table fs of F {\n  each n from 1 to 3\n  copies 2\n}\n');
    expect(format(source)).toMatchObject({ ok: true, changed: false });
  });

  it('checks the values against the component and the limit on things', () => {
    const base = 'game "G" { players 2 }\ncomponent F { n: number, suit: red | blue }\nflow { }\n';
    const wrong = compileSource(`${base}table fs of F { each suit in red, green }\n`, 't.rules');
    expect(wrong.diagnostics.map((d) => d.code)).toContain('R0206');
    const huge = compileSource(`${base}table fs of F { each n from 1 to 200\n each suit in red, blue\n copies 30 }\n`, 't.rules');
    expect(huge.diagnostics.map((d) => d.code)).toContain('R0804');
    const words = compileSource(`${base}table fs of F { each n from a to 3 }\n`, 't.rules');
    expect(words.diagnostics.map((d) => d.message)).toContain('Expected two whole numbers here, but this is something else.');
    // `each suit` alone takes the values the component lists; a number attribute has none to take.
    expect(tableOf(`${base}table fs of F { each suit }\n`, 'fs').rows.map((r) => r[0]!.value)).toEqual(['red', 'blue']);
    const alone = compileSource(`${base}table fs of F { each n }\n`, 't.rules');
    expect(alone.diagnostics.map((d) => d.message)).toContain(
      'Expected the values of `n` (`in a, b` or `from 1 to 6`) but found none: `each n` alone takes the values an attribute lists (`n: a | b`).',
    );
  });
});
