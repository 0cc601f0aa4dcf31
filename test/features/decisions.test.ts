// Decisions of several kinds (docs/language.md § Decisions of several kinds): a named menu whose
// options are made per item, with filled-in labels, `when`, and forbidding rules naming the menu;
// a choice named apart from its template; menu labels that interpolate variables.
import { describe, expect, it } from 'vitest';
import { compileSource } from '../../interpreter/compiler/index.js';
import { apply, legalMoves, setup, why } from '../../interpreter/runtime/index.js';
import { outline } from '../../interpreter/tools/index.js';
import { compileText } from '../helpers.js';
import { docExample } from './docs-example.js';

const def = compileText(docExample('Decisions of several kinds'));

describe('a menu with options made per item', () => {
  it('offers one option per card, labelled by it, and runs the body with the card bound', () => {
    let state = setup(def, 2, 4);
    expect(legalMoves(def, state)).toMatchObject({ choice: 'lay', moves: ['start a route with Ulm', 'start a route with Linz', 'start a route with Graz'] });
    state = apply(def, state, 'start a route with Linz');
    expect(state.zones['route@0']).toEqual(['Linz']);
    expect(state.counters.length).toEqual([1, 0]);
    state = apply(def, state, 'start a route with Zell');
    // Linz is in the east: Graz (east) may follow it, Ulm (west) may not; the plain option stays.
    expect(legalMoves(def, state)!.moves).toEqual(['play Graz at the end', 'discard the route']);
    expect(why(def, state, 'play Ulm at the end')).toMatchObject({ legal: false, rule: { name: 'same-region' } });
    state = apply(def, state, 'play Graz at the end');
    expect(state.zones['route@0']).toEqual(['Linz', 'Graz']);
    // P2's route is Zell (west): Ulm is with P1, Wien and Brno are not west, so only the discard is left.
    expect(state.over).toBe(true);
    expect(state.zones['route@1']).toEqual([]);
    expect(state.result?.winners).toEqual([0]);
  });

  it('shows the menu by name in the outline, with the rule that forbids its options', () => {
    const text = JSON.stringify(outline(def));
    expect(text).toContain('choose lay one of');
    expect(text).toContain('at the end\\" for c in hand of p when count(route of p) > 0');
    expect(text).toContain('same-region');
  });
});

describe('naming choices and filling in menu labels', () => {
  const game = (flow: string) => `game "G" { players 2 }\ncomponent C { name: text }\ntable cs of C in pile {\n  | name |\n  | a |\n  | b |\n}\nzone pile of C\ncounter coins per player, from 3\n${flow}`;

  it('names a choice apart from the first word of its template', () => {
    const source = game('flow { turn of players[1] { choose c from pile as lay "put {c} down" } }\nrule no-b forbids lay when name of c = "b"\nrule no-a forbids lay when name of c = "zz"\n');
    const d = compileText(source);
    const state = setup(d, 2, 1);
    // `b` is forbidden, so the one option left is taken at once.
    expect(state.log).toContainEqual(expect.objectContaining({ text: 'P1: put a down', forced: true }));
    const twice = compileText(source.replace('rule no-b forbids lay when name of c = "b"\n', ''));
    expect(legalMoves(twice, setup(twice, 2, 1))).toMatchObject({ choice: 'lay', moves: ['put a down', 'put b down'] });
  });

  it('fills a variable into a menu label, and the checker refuses an unknown one', () => {
    const d = compileText(game('flow { turn of players[1] { let n = coins\n choose { "pay {n} coins" { pay n coins } "keep {n}" { } } } }\n'));
    expect(legalMoves(d, setup(d, 2, 1))!.moves).toEqual(['pay 3 coins', 'keep 3']);
    const bad = compileSource(game('flow { turn of players[1] { choose { "pay {m} coins" { } "no" { } } } }\n'), 't.rules');
    expect(bad.diagnostics.map((x) => x.message)).toContain('Variable `m` is not declared.');
  });
});
